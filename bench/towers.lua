local pegs = {{}, {}, {}}
for i = 18, 1, -1 do pegs[1][#pegs[1] + 1] = i end
local moves = 0
local function move(discs, from, to, via)
  if discs == 0 then return end
  move(discs - 1, from, via, to)
  local p = pegs[from]
  local disc = p[#p]
  p[#p] = nil
  pegs[to][#pegs[to] + 1] = disc
  moves = moves + 1
  move(discs - 1, via, to, from)
end
move(18, 1, 3, 2)
print(moves .. " " .. #pegs[3] .. " " .. pegs[3][1])
