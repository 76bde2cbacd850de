local d = {}
for i = 0, 200000 - 1 do
  d["k" .. i] = i
end
local total = 0
for i = 0, 200000 - 1 do
  total = total + (d["k" .. i] or 0)
end
print(total)
