local xs = {}
for i = 0, 1000000 - 1 do
  xs[#xs + 1] = i
end
local total = 0
for _, x in ipairs(xs) do
  total = total + x
end
print(total)
