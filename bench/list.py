class Element:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
def make_list(length):
    if length == 0:
        return None
    return Element(length, make_list(length - 1))
def length(lst):
    n = 0
    while lst is not None:
        n += 1
        lst = lst.next
    return n
def is_shorter(x, y):
    a, b = x, y
    while b is not None:
        if a is None:
            return True
        a = a.next
        b = b.next
    return False
def tail(x, y, z):
    if is_shorter(y, x):
        return tail(tail(x.next if x else None, y, z), tail(y.next if y else None, z, x), tail(z.next if z else None, x, y))
    return z
total = 0
for _ in range(20):
    total += length(tail(make_list(15), make_list(10), make_list(6)))
print(total)
