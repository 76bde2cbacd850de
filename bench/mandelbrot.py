def mandelbrot(size):
    total = 0
    byte_acc = 0
    bit_num = 0
    for y in range(size):
        ci = 2.0 * y / size - 1.0
        for x in range(size):
            zr = zi = zrzr = zizi = 0.0
            cr = 2.0 * x / size - 1.5
            z = 0
            escape = 0
            while z < 50:
                zi = 2.0 * zr * zi + ci
                zr = zrzr - zizi + cr
                zrzr = zr * zr
                zizi = zi * zi
                if zrzr + zizi > 4.0:
                    escape = 1
                    break
                z += 1
            byte_acc = (byte_acc << 1) | (1 - escape)
            bit_num += 1
            if bit_num == 8:
                total ^= byte_acc
                byte_acc = 0
                bit_num = 0
            elif x == size - 1:
                byte_acc <<= 8 - bit_num
                total ^= byte_acc
                byte_acc = 0
                bit_num = 0
    return total
print(mandelbrot(200))
