s = 0
for i in range(10_000_000):
    s += i * i % 7
print(s)
