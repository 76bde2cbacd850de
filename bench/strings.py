s = ""
for i in range(200_000):
    s += str(i)
print(len(s))
