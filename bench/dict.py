d = {}
for i in range(200_000):
    d[f"k{i}"] = i
total = 0
for i in range(200_000):
    total += d.get(f"k{i}", 0)
print(total)
