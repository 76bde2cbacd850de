def sieve(size):
    flags = [True] * size
    count = 0
    for i in range(2, size):
        if flags[i - 1]:
            count += 1
            k = i + i
            while k <= size:
                flags[k - 1] = False
                k += i
    return count
total = 0
for _ in range(60):
    total += sieve(5000)
print(total)
