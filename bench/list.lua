local function makeList(length)
  if length == 0 then return nil end
  return { value = length, next = makeList(length - 1) }
end
local function length(list)
  local n = 0
  while list do n = n + 1; list = list.next end
  return n
end
local function isShorter(x, y)
  local a, b = x, y
  while b do
    if not a then return true end
    a = a.next
    b = b.next
  end
  return false
end
local function tail(x, y, z)
  if isShorter(y, x) then
    return tail(tail(x and x.next, y, z), tail(y and y.next, z, x), tail(z and z.next, x, y))
  end
  return z
end
local total = 0
for _ = 1, 20 do total = total + length(tail(makeList(15), makeList(10), makeList(6))) end
print(total)
