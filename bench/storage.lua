local seed = 74755
local function nextRandom()
  seed = ((seed * 1309) + 13849) & 65535
  return seed
end
local count = 0
local function build(depth)
  count = count + 1
  if depth == 1 then
    local leaf = {}
    for i = 1, nextRandom() % 10 + 1 do leaf[i] = 0 end
    return leaf
  end
  local children = {}
  for i = 1, 4 do children[i] = build(depth - 1) end
  return children
end
local leaves = 0
for _ = 1, 20 do leaves = leaves + #build(7) end
print(count .. " " .. leaves .. " " .. seed)
