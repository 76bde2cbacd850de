-- Richards (Are We Fast Yet's Richards, after Martin Richards' operating-system simulation): a scheduler
-- of six tasks — idle, worker, two handlers, two devices — passing packets, its idle task counting 10 000
-- turns. The counts of packets queued and of holds are the benchmark's own checks (23 246 and 9 297).
local ID_IDLE, ID_WORKER, ID_HANDLER_A, ID_HANDLER_B, ID_DEVICE_A, ID_DEVICE_B = 0, 1, 2, 3, 4, 5
local KIND_DEVICE, KIND_WORK = 0, 1
local DATA_SIZE = 4
local STATE_RUNNING, STATE_RUNNABLE, STATE_SUSPENDED, STATE_HELD = 0, 1, 2, 4
local STATE_SUSPENDED_RUNNABLE = STATE_SUSPENDED | STATE_RUNNABLE
local STATE_NOT_HELD = ~STATE_HELD

local function newPacket(link, id, kind)
  return {link = link, id = id, kind = kind, a1 = 0, a2 = {0, 0, 0, 0}}
end

local function addTo(packet, queue)
  packet.link = nil
  if queue == nil then return packet end
  local next = queue
  while next.link ~= nil do next = next.link end
  next.link = packet
  return queue
end

local function newTask(kind)
  return {kind = kind, v1 = 0, v2 = 0, count = 0, first = nil, second = nil}
end

local function newBlock(link, id, priority, queue, task)
  local state = STATE_SUSPENDED_RUNNABLE
  if queue == nil then state = STATE_SUSPENDED end
  return {link = link, id = id, priority = priority, queue = queue, task = task, state = state}
end

local function isHeldOrSuspended(block)
  return (block.state & STATE_HELD) ~= 0 or block.state == STATE_SUSPENDED
end

local function checkPriorityAdd(block, task, packet)
  if block.queue ~= nil then
    block.queue = addTo(packet, block.queue)
  else
    block.queue = packet
    block.state = block.state | STATE_RUNNABLE
    if block.priority > task.priority then return block end
  end
  return task
end

local Scheduler = {}
Scheduler.__index = Scheduler

function Scheduler.new()
  return setmetatable({queueCount = 0, holdCount = 0, blocks = {}, list = nil, current = nil, currentId = 0}, Scheduler)
end

function Scheduler:addTask(id, priority, queue, task)
  local block = newBlock(self.list, id, priority, queue, task)
  self.current = block
  self.list = block
  self.blocks[id] = block
end

function Scheduler:schedule()
  self.current = self.list
  while self.current ~= nil do
    local block = self.current
    if isHeldOrSuspended(block) then
      self.current = block.link
    else
      self.currentId = block.id
      self.current = self:run(block)
    end
  end
end

function Scheduler:run(block)
  local packet = nil
  if block.state == STATE_SUSPENDED_RUNNABLE and block.queue ~= nil then
    packet = block.queue
    block.queue = packet.link
    if block.queue == nil then block.state = STATE_RUNNING else block.state = STATE_RUNNABLE end
  end
  local task = block.task
  local kind = task.kind
  if kind == ID_IDLE then
    task.count = task.count - 1
    if task.count == 0 then return self:holdCurrent() end
    if (task.v1 & 1) == 0 then
      task.v1 = task.v1 >> 1
      return self:release(ID_DEVICE_A)
    end
    task.v1 = (task.v1 >> 1) ~ 0xD008
    return self:release(ID_DEVICE_B)
  elseif kind == ID_WORKER then
    if packet == nil then return self:suspendCurrent() end
    if task.v1 == ID_HANDLER_A then task.v1 = ID_HANDLER_B else task.v1 = ID_HANDLER_A end
    packet.id = task.v1
    packet.a1 = 0
    for i = 1, DATA_SIZE do
      task.v2 = task.v2 + 1
      if task.v2 > 26 then task.v2 = 1 end
      packet.a2[i] = task.v2
    end
    return self:queue(packet)
  elseif kind == ID_HANDLER_A or kind == ID_HANDLER_B then
    if packet ~= nil then
      if packet.kind == KIND_WORK then task.first = addTo(packet, task.first) else task.second = addTo(packet, task.second) end
    end
    local work = task.first
    if work ~= nil then
      local count = work.a1
      if count < DATA_SIZE then
        local device = task.second
        if device ~= nil then
          task.second = device.link
          device.a1 = work.a2[count + 1]
          work.a1 = count + 1
          return self:queue(device)
        end
      else
        task.first = work.link
        return self:queue(work)
      end
    end
    return self:suspendCurrent()
  end
  if packet == nil then
    local waiting = task.first
    if waiting == nil then return self:suspendCurrent() end
    task.first = nil
    return self:queue(waiting)
  end
  task.first = packet
  return self:holdCurrent()
end

function Scheduler:release(id)
  local block = self.blocks[id]
  if block == nil then return nil end
  block.state = block.state & STATE_NOT_HELD
  if self.current ~= nil and block.priority > self.current.priority then return block end
  return self.current
end

function Scheduler:holdCurrent()
  self.holdCount = self.holdCount + 1
  self.current.state = self.current.state | STATE_HELD
  return self.current.link
end

function Scheduler:suspendCurrent()
  self.current.state = self.current.state | STATE_SUSPENDED
  return self.current
end

function Scheduler:queue(packet)
  local block = self.blocks[packet.id]
  if block == nil then return nil end
  self.queueCount = self.queueCount + 1
  packet.link = nil
  packet.id = self.currentId
  return checkPriorityAdd(block, self.current, packet)
end

local function richards()
  local scheduler = Scheduler.new()
  local idle = newTask(ID_IDLE)
  idle.v1 = 1
  idle.count = 10000
  scheduler:addTask(ID_IDLE, 0, nil, idle)
  scheduler.current.state = STATE_RUNNING

  local queue = newPacket(nil, ID_WORKER, KIND_WORK)
  queue = newPacket(queue, ID_WORKER, KIND_WORK)
  local worker = newTask(ID_WORKER)
  worker.v1 = ID_HANDLER_A
  scheduler:addTask(ID_WORKER, 1000, queue, worker)

  queue = newPacket(nil, ID_DEVICE_A, KIND_DEVICE)
  queue = newPacket(queue, ID_DEVICE_A, KIND_DEVICE)
  queue = newPacket(queue, ID_DEVICE_A, KIND_DEVICE)
  scheduler:addTask(ID_HANDLER_A, 2000, queue, newTask(ID_HANDLER_A))

  queue = newPacket(nil, ID_DEVICE_B, KIND_DEVICE)
  queue = newPacket(queue, ID_DEVICE_B, KIND_DEVICE)
  queue = newPacket(queue, ID_DEVICE_B, KIND_DEVICE)
  scheduler:addTask(ID_HANDLER_B, 3000, queue, newTask(ID_HANDLER_B))

  scheduler:addTask(ID_DEVICE_A, 4000, nil, newTask(ID_DEVICE_A))
  scheduler:addTask(ID_DEVICE_B, 5000, nil, newTask(ID_DEVICE_B))
  scheduler:schedule()
  return scheduler.queueCount, scheduler.holdCount
end

local queued, held = 0, 0
for _ = 1, 10 do
  local q, h = richards()
  queued = queued + q
  held = held + h
end
print(queued .. " " .. held)
