pegs = [list(range(18, 0, -1)), [], []]
moves = 0
def move(discs, frm, to, via):
    global moves
    if discs == 0:
        return
    move(discs - 1, frm, via, to)
    pegs[to].append(pegs[frm].pop())
    moves += 1
    move(discs - 1, via, to, frm)
move(18, 0, 2, 1)
print(moves, len(pegs[2]), pegs[2][0])
