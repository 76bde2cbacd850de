local items = {}
for i = 1, 9 do items[i] = i - 1 end
local count = 0
local function permute(n)
  count = count + 1
  if n == 0 then return end
  permute(n - 1)
  for i = 1, n do
    items[n], items[i] = items[i], items[n]
    permute(n - 1)
    items[n], items[i] = items[i], items[n]
  end
end
permute(9)
print(count)
