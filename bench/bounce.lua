local total = 0
for _ = 1, 20 do
  local seed = 74755
  local function nextRandom()
    seed = ((seed * 1309) + 13849) & 65535
    return seed
  end
  local balls = {}
  for i = 1, 100 do
    balls[i] = { x = nextRandom() % 500, y = nextRandom() % 500, xVel = nextRandom() % 300 - 150, yVel = nextRandom() % 300 - 150 }
  end
  for _ = 1, 50 do
    for _, b in ipairs(balls) do
      local limit, bounced = 500, false
      b.x = b.x + b.xVel
      b.y = b.y + b.yVel
      if b.x > limit then b.x = limit; b.xVel = -math.abs(b.xVel); bounced = true end
      if b.x < 0 then b.x = 0; b.xVel = math.abs(b.xVel); bounced = true end
      if b.y > limit then b.y = limit; b.yVel = -math.abs(b.yVel); bounced = true end
      if b.y < 0 then b.y = 0; b.yVel = math.abs(b.yVel); bounced = true end
      if bounced then total = total + 1 end
    end
  end
end
print(total)
