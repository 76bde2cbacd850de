// Values — what a running program holds.
//
// Owns: `Value` and its storage (dictionaries, tuples, records, enum cases,
// intent values, functions), view nodes, equality and hashing, how a value
// prints, and the JSON reader and writer that the store and the hosts share.
//
// May not: call code or reach the interpreter. A value never knows who is
// running it.
