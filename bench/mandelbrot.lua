local function mandelbrot(size)
  local sum, byteAcc, bitNum = 0, 0, 0
  for y = 0, size - 1 do
    local ci = 2.0 * y / size - 1.0
    for x = 0, size - 1 do
      local zr, zi, zrzr, zizi = 0.0, 0.0, 0.0, 0.0
      local cr = 2.0 * x / size - 1.5
      local z, escape = 0, 0
      while z < 50 do
        zi = 2.0 * zr * zi + ci
        zr = zrzr - zizi + cr
        zrzr = zr * zr
        zizi = zi * zi
        if zrzr + zizi > 4.0 then escape = 1; break end
        z = z + 1
      end
      byteAcc = (byteAcc << 1) | (1 - escape)
      bitNum = bitNum + 1
      if bitNum == 8 then
        sum = sum ~ byteAcc; byteAcc = 0; bitNum = 0
      elseif x == size - 1 then
        byteAcc = byteAcc << (8 - bitNum)
        sum = sum ~ byteAcc; byteAcc = 0; bitNum = 0
      end
    end
  end
  return sum
end
print(mandelbrot(200))
