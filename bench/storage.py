class Random:
    def __init__(self):
        self.seed = 74755
    def next(self):
        self.seed = ((self.seed * 1309) + 13849) & 65535
        return self.seed
count = 0
def build(depth, random):
    global count
    count += 1
    if depth == 1:
        return [0] * (random.next() % 10 + 1)
    return [build(depth - 1, random) for _ in range(4)]
random = Random()
leaves = 0
for _ in range(20):
    leaves += len(build(7, random))
print(count, leaves, random.seed)
