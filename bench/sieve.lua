local function sieve(size)
  local flags = {}
  for i = 1, size do flags[i] = true end
  local count = 0
  for i = 2, size - 1 do
    if flags[i - 1] then
      count = count + 1
      local k = i + i
      while k <= size do
        flags[k - 1] = false
        k = k + i
      end
    end
  end
  return count
end
local total = 0
for _ = 1, 60 do total = total + sieve(5000) end
print(total)
