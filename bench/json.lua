-- Json (after Are We Fast Yet's Json): a recursive-descent parser builds the tree of a 3 KB document
-- of objects, arrays, strings, numbers and literals, 100 times; the trees are walked and summed.

local Parser = {}
Parser.__index = Parser

function Parser.new(text)
  local chars = {}
  for i = 1, #text do chars[i] = text:sub(i, i) end
  return setmetatable({chars = chars, index = 1}, Parser)
end

function Parser:skipWhitespace()
  local chars = self.chars
  while self.index <= #chars and (chars[self.index] == " " or chars[self.index] == "\n") do
    self.index = self.index + 1
  end
end

function Parser:parseValue()
  self:skipWhitespace()
  local c = self.chars[self.index]
  if c == "{" then return self:parseObject() end
  if c == "[" then return self:parseArray() end
  if c == '"' then return {kind = "text", value = self:parseString()} end
  if c == "t" then self.index = self.index + 4; return {kind = "flag", value = true} end
  if c == "f" then self.index = self.index + 5; return {kind = "flag", value = false} end
  if c == "n" then self.index = self.index + 4; return {kind = "null"} end
  return {kind = "number", value = self:parseNumber()}
end

function Parser:parseNumber()
  local negative = false
  if self.chars[self.index] == "-" then negative = true; self.index = self.index + 1 end
  local value = 0
  while self.index <= #self.chars do
    local d = tonumber(self.chars[self.index])
    if d == nil then break end
    value = value * 10 + d
    self.index = self.index + 1
  end
  if negative then return -value end
  return value
end

function Parser:parseString()
  self.index = self.index + 1
  local s = ""
  while self.chars[self.index] ~= '"' do
    s = s .. self.chars[self.index]
    self.index = self.index + 1
  end
  self.index = self.index + 1
  return s
end

function Parser:parseArray()
  self.index = self.index + 1
  local items = {}
  self:skipWhitespace()
  if self.chars[self.index] == "]" then self.index = self.index + 1; return {kind = "list", items = items} end
  while true do
    items[#items + 1] = self:parseValue()
    self:skipWhitespace()
    if self.chars[self.index] == "]" then self.index = self.index + 1; return {kind = "list", items = items} end
    self.index = self.index + 1
  end
end

function Parser:parseObject()
  self.index = self.index + 1
  local keys, values = {}, {}
  self:skipWhitespace()
  if self.chars[self.index] == "}" then self.index = self.index + 1; return {kind = "object", keys = keys, items = values} end
  while true do
    self:skipWhitespace()
    keys[#keys + 1] = self:parseString()
    self:skipWhitespace()
    self.index = self.index + 1
    values[#values + 1] = self:parseValue()
    self:skipWhitespace()
    if self.chars[self.index] == "}" then self.index = self.index + 1; return {kind = "object", keys = keys, items = values} end
    self.index = self.index + 1
  end
end

local function measure(value)
  local kind = value.kind
  if kind == "number" then return 1, value.value, 0 end
  if kind == "text" then return 1, 0, #value.value end
  if kind == "flag" or kind == "null" then return 1, 0, 0 end
  local nodes, total, characters = 1, 0, 0
  if kind == "object" then
    for _, key in ipairs(value.keys) do characters = characters + #key end
  end
  for _, child in ipairs(value.items) do
    local n, s, c = measure(child)
    nodes = nodes + n; total = total + s; characters = characters + c
  end
  return nodes, total, characters
end

local parts = {"[\n"}
for i = 0, 39 do
  if i > 0 then parts[#parts + 1] = ",\n" end
  parts[#parts + 1] = string.format('  {"id": %d, "name": "item %d", "tags": ["red", "green", "blue"], ', i, i)
  parts[#parts + 1] = string.format('"active": %s, "score": -%d, "parent": null, "size": [%d, %d, %d]}',
    i % 2 == 0 and "true" or "false", i * 37, i, i * 2, i * 3)
end
parts[#parts + 1] = "\n]"
local document = table.concat(parts)

local nodes, total, characters = 0, 0, 0
for _ = 1, 100 do
  local n, s, c = measure(Parser.new(document):parseValue())
  nodes = nodes + n; total = total + s; characters = characters + c
end
print(#document .. " " .. nodes .. " " .. total .. " " .. characters)
