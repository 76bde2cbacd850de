items = list(range(9))
count = 0
def permute(n):
    global count
    count += 1
    if n == 0:
        return
    permute(n - 1)
    for i in range(n):
        items[n - 1], items[i] = items[i], items[n - 1]
        permute(n - 1)
        items[n - 1], items[i] = items[i], items[n - 1]
permute(9)
print(count)
