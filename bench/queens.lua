local function place(row, columns, up, down)
  if row == 8 then return 1 end
  local found = 0
  for c = 0, 7 do
    if not columns[c] and not up[row + c] and not down[row - c + 7] then
      columns[c] = true; up[row + c] = true; down[row - c + 7] = true
      found = found + place(row + 1, columns, up, down)
      columns[c] = false; up[row + c] = false; down[row - c + 7] = false
    end
  end
  return found
end
local total = 0
for _ = 1, 40 do total = total + place(0, {}, {}, {}) end
print(total)
