class Random:
    def __init__(self):
        self.seed = 74755
    def next(self):
        self.seed = ((self.seed * 1309) + 13849) & 65535
        return self.seed
class Ball:
    def __init__(self, random):
        self.x = random.next() % 500
        self.y = random.next() % 500
        self.x_vel = random.next() % 300 - 150
        self.y_vel = random.next() % 300 - 150
    def bounce(self):
        limit = 500
        bounced = False
        self.x += self.x_vel
        self.y += self.y_vel
        if self.x > limit:
            self.x = limit; self.x_vel = -abs(self.x_vel); bounced = True
        if self.x < 0:
            self.x = 0; self.x_vel = abs(self.x_vel); bounced = True
        if self.y > limit:
            self.y = limit; self.y_vel = -abs(self.y_vel); bounced = True
        if self.y < 0:
            self.y = 0; self.y_vel = abs(self.y_vel); bounced = True
        return bounced
total = 0
for _ in range(20):
    random = Random()
    balls = [Ball(random) for _ in range(100)]
    for _ in range(50):
        for ball in balls:
            if ball.bounce():
                total += 1
print(total)
