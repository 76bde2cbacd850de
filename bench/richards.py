# Richards (Are We Fast Yet's Richards, after Martin Richards' operating-system simulation): a scheduler
# of six tasks — idle, worker, two handlers, two devices — passing packets, its idle task counting 10 000
# turns. The counts of packets queued and of holds are the benchmark's own checks (23 246 and 9 297).
ID_IDLE, ID_WORKER, ID_HANDLER_A, ID_HANDLER_B, ID_DEVICE_A, ID_DEVICE_B = 0, 1, 2, 3, 4, 5
KIND_DEVICE, KIND_WORK = 0, 1
DATA_SIZE = 4
STATE_RUNNING, STATE_RUNNABLE, STATE_SUSPENDED, STATE_HELD = 0, 1, 2, 4
STATE_SUSPENDED_RUNNABLE = STATE_SUSPENDED | STATE_RUNNABLE
STATE_NOT_HELD = ~STATE_HELD


class Packet:
    def __init__(self, link, id, kind):
        self.link = link
        self.id = id
        self.kind = kind
        self.a1 = 0
        self.a2 = [0] * DATA_SIZE

    def add_to(self, queue):
        self.link = None
        if queue is None:
            return self
        next = queue
        while next.link is not None:
            next = next.link
        next.link = self
        return queue


class Task:
    def __init__(self, kind):
        self.kind = kind
        self.v1 = 0
        self.v2 = 0
        self.count = 0
        self.first = None
        self.second = None


class TaskControlBlock:
    def __init__(self, link, id, priority, queue, task):
        self.link = link
        self.id = id
        self.priority = priority
        self.queue = queue
        self.task = task
        self.state = STATE_SUSPENDED if queue is None else STATE_SUSPENDED_RUNNABLE

    def is_held_or_suspended(self):
        return (self.state & STATE_HELD) != 0 or self.state == STATE_SUSPENDED

    def check_priority_add(self, task, packet):
        if self.queue is not None:
            self.queue = packet.add_to(self.queue)
        else:
            self.queue = packet
            self.state = self.state | STATE_RUNNABLE
            if self.priority > task.priority:
                return self
        return task


class Scheduler:
    def __init__(self):
        self.queue_count = 0
        self.hold_count = 0
        self.blocks = [None] * 6
        self.list = None
        self.current = None
        self.current_id = 0

    def add_task(self, id, priority, queue, task):
        block = TaskControlBlock(self.list, id, priority, queue, task)
        self.current = block
        self.list = block
        self.blocks[id] = block

    def schedule(self):
        self.current = self.list
        while self.current is not None:
            block = self.current
            if block.is_held_or_suspended():
                self.current = block.link
            else:
                self.current_id = block.id
                self.current = self.run(block)

    def run(self, block):
        packet = None
        if block.state == STATE_SUSPENDED_RUNNABLE and block.queue is not None:
            packet = block.queue
            block.queue = packet.link
            block.state = STATE_RUNNING if block.queue is None else STATE_RUNNABLE
        task = block.task
        kind = task.kind
        if kind == ID_IDLE:
            task.count -= 1
            if task.count == 0:
                return self.hold_current()
            if (task.v1 & 1) == 0:
                task.v1 = task.v1 >> 1
                return self.release(ID_DEVICE_A)
            task.v1 = (task.v1 >> 1) ^ 0xD008
            return self.release(ID_DEVICE_B)
        if kind == ID_WORKER:
            if packet is None:
                return self.suspend_current()
            task.v1 = ID_HANDLER_B if task.v1 == ID_HANDLER_A else ID_HANDLER_A
            packet.id = task.v1
            packet.a1 = 0
            for i in range(DATA_SIZE):
                task.v2 += 1
                if task.v2 > 26:
                    task.v2 = 1
                packet.a2[i] = task.v2
            return self.queue(packet)
        if kind == ID_HANDLER_A or kind == ID_HANDLER_B:
            if packet is not None:
                if packet.kind == KIND_WORK:
                    task.first = packet.add_to(task.first)
                else:
                    task.second = packet.add_to(task.second)
            work = task.first
            if work is not None:
                count = work.a1
                if count < DATA_SIZE:
                    device = task.second
                    if device is not None:
                        task.second = device.link
                        device.a1 = work.a2[count]
                        work.a1 = count + 1
                        return self.queue(device)
                else:
                    task.first = work.link
                    return self.queue(work)
            return self.suspend_current()
        if packet is None:
            waiting = task.first
            if waiting is None:
                return self.suspend_current()
            task.first = None
            return self.queue(waiting)
        task.first = packet
        return self.hold_current()

    def release(self, id):
        block = self.blocks[id]
        if block is None:
            return None
        block.state = block.state & STATE_NOT_HELD
        if self.current is not None and block.priority > self.current.priority:
            return block
        return self.current

    def hold_current(self):
        self.hold_count += 1
        self.current.state = self.current.state | STATE_HELD
        return self.current.link

    def suspend_current(self):
        self.current.state = self.current.state | STATE_SUSPENDED
        return self.current

    def queue(self, packet):
        block = self.blocks[packet.id]
        if block is None:
            return None
        self.queue_count += 1
        packet.link = None
        packet.id = self.current_id
        return block.check_priority_add(self.current, packet)


def richards():
    scheduler = Scheduler()
    idle = Task(ID_IDLE)
    idle.v1 = 1
    idle.count = 10000
    scheduler.add_task(ID_IDLE, 0, None, idle)
    scheduler.current.state = STATE_RUNNING

    queue = Packet(None, ID_WORKER, KIND_WORK)
    queue = Packet(queue, ID_WORKER, KIND_WORK)
    worker = Task(ID_WORKER)
    worker.v1 = ID_HANDLER_A
    scheduler.add_task(ID_WORKER, 1000, queue, worker)

    queue = Packet(None, ID_DEVICE_A, KIND_DEVICE)
    queue = Packet(queue, ID_DEVICE_A, KIND_DEVICE)
    queue = Packet(queue, ID_DEVICE_A, KIND_DEVICE)
    scheduler.add_task(ID_HANDLER_A, 2000, queue, Task(ID_HANDLER_A))

    queue = Packet(None, ID_DEVICE_B, KIND_DEVICE)
    queue = Packet(queue, ID_DEVICE_B, KIND_DEVICE)
    queue = Packet(queue, ID_DEVICE_B, KIND_DEVICE)
    scheduler.add_task(ID_HANDLER_B, 3000, queue, Task(ID_HANDLER_B))

    scheduler.add_task(ID_DEVICE_A, 4000, None, Task(ID_DEVICE_A))
    scheduler.add_task(ID_DEVICE_B, 5000, None, Task(ID_DEVICE_B))
    scheduler.schedule()
    return scheduler.queue_count, scheduler.hold_count


queued = held = 0
for _ in range(10):
    q, h = richards()
    queued += q
    held += h
print(queued, held)
