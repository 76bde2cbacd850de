xs = []
for i in range(1_000_000):
    xs.append(i)
total = 0
for x in xs:
    total += x
print(total)
