def place(row, columns, up, down):
    if row == 8:
        return 1
    found = 0
    for c in range(8):
        if not columns[c] and not up[row + c] and not down[row - c + 7]:
            columns[c] = up[row + c] = down[row - c + 7] = True
            found += place(row + 1, columns, up, down)
            columns[c] = up[row + c] = down[row - c + 7] = False
    return found
total = 0
for _ in range(40):
    total += place(0, [False] * 8, [False] * 15, [False] * 15)
print(total)
