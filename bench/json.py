# Json (after Are We Fast Yet's Json): a recursive-descent parser builds the tree of a 3 KB document
# of objects, arrays, strings, numbers and literals, 100 times; the trees are walked and summed.

class Parser:
    def __init__(self, text):
        self.chars = list(text)
        self.index = 0

    def skip_whitespace(self):
        chars = self.chars
        while self.index < len(chars) and (chars[self.index] == " " or chars[self.index] == "\n"):
            self.index += 1

    def parse_value(self):
        self.skip_whitespace()
        c = self.chars[self.index]
        if c == "{": return self.parse_object()
        if c == "[": return self.parse_array()
        if c == '"': return ("text", self.parse_string())
        if c == "t": self.index += 4; return ("flag", True)
        if c == "f": self.index += 5; return ("flag", False)
        if c == "n": self.index += 4; return ("null", None)
        return ("number", self.parse_number())

    def parse_number(self):
        negative = False
        if self.chars[self.index] == "-":
            negative = True
            self.index += 1
        value = 0
        while self.index < len(self.chars) and self.chars[self.index].isdigit():
            value = value * 10 + int(self.chars[self.index])
            self.index += 1
        return -value if negative else value

    def parse_string(self):
        self.index += 1
        s = ""
        while self.chars[self.index] != '"':
            s += self.chars[self.index]
            self.index += 1
        self.index += 1
        return s

    def parse_array(self):
        self.index += 1
        items = []
        self.skip_whitespace()
        if self.chars[self.index] == "]":
            self.index += 1
            return ("list", items)
        while True:
            items.append(self.parse_value())
            self.skip_whitespace()
            if self.chars[self.index] == "]":
                self.index += 1
                return ("list", items)
            self.index += 1

    def parse_object(self):
        self.index += 1
        keys, values = [], []
        self.skip_whitespace()
        if self.chars[self.index] == "}":
            self.index += 1
            return ("object", keys, values)
        while True:
            self.skip_whitespace()
            keys.append(self.parse_string())
            self.skip_whitespace()
            self.index += 1
            values.append(self.parse_value())
            self.skip_whitespace()
            if self.chars[self.index] == "}":
                self.index += 1
                return ("object", keys, values)
            self.index += 1


def measure(value):
    kind = value[0]
    if kind == "number": return (1, value[1], 0)
    if kind == "text": return (1, 0, len(value[1]))
    if kind == "flag" or kind == "null": return (1, 0, 0)
    nodes, total, characters = 1, 0, 0
    if kind == "object":
        for key in value[1]: characters += len(key)
        children = value[2]
    else:
        children = value[1]
    for child in children:
        n, s, c = measure(child)
        nodes += n; total += s; characters += c
    return (nodes, total, characters)


document = "[\n"
for i in range(40):
    if i > 0: document += ",\n"
    document += '  {"id": %d, "name": "item %d", "tags": ["red", "green", "blue"], ' % (i, i)
    document += '"active": %s, "score": -%d, "parent": null, "size": [%d, %d, %d]}' % ("true" if i % 2 == 0 else "false", i * 37, i, i * 2, i * 3)
document += "\n]"

nodes = total = characters = 0
for _ in range(100):
    n, s, c = measure(Parser(document).parse_value())
    nodes += n; total += s; characters += c
print(len(document), nodes, total, characters)
