import ShortcutSyntax

/// Sequences of the program's own: a type that conforms to `IteratorProtocol` (a `mutating func next() -> T?`) or to
/// `Sequence` (a `func makeIterator()` giving one), walked as Swift walks them — one `next()` a turn, so a sequence
/// without an end is fine in a `for` that breaks out, and a `next()` with effects has them between the turns.
extension Resolver {
    /// `for x in seq where w { body }` over such a type, as Swift lowers it:
    /// `var it = seq.makeIterator(); while let x = it.next() { if w { body } }`. Nil for any other sequence.
    func iteratorLoop(_ pattern: Pattern, _ sequence: Expr, _ whereClause: Expr?, _ body: Block, at range: SourceRange) -> [Statement]? {
        let type = quietly { typed(sequence).type }
        guard let members = declaredMembers(of: type), members.sequenceElement != nil else { return nil }
        iteratorLoops += 1
        let r = sequence.range
        let iterator = "iterator·\(iteratorLoops)"
        let start = members.methods["makeIterator"] == nil ? sequence : Expr(.call(Expr(.member(sequence, "makeIterator", nameRange: r), r), []), r)
        let next = Expr(.call(Expr(.member(Expr(.identifier(iterator), r), "next", nameRange: r), r), []), r)
        var statements = body.statements
        if let whereClause { statements = [Stmt(.if([.expression(whereClause)], Block(statements, body.range), else: nil), body.range)] }
        // The element under the loop's own name, or taken apart by its pattern in the body.
        let element: String
        switch pattern {
        case .name(let name, _): element = name
        case .wildcard, .tuple:
            element = "element·\(iteratorLoops)"
            let taken = VarDecl(isConstant: true, pattern: pattern, type: nil, initializer: Expr(.identifier(element), r), nameRange: r)
            statements.insert(Stmt(.variable(taken), r), at: 0)
        }
        var nameRange = r
        if case .name(_, let written) = pattern { nameRange = written }
        let loop = Stmt(.while([.binding(isVar: false, name: element, nameRange: nameRange, value: next)], Block(statements, body.range)), range)
        let declaration = Stmt(.variable(VarDecl(isConstant: false, pattern: .name(iterator, r), type: nil, initializer: start, nameRange: r)), r)
        // Its own scope, so the iterator is not seen after the loop.
        return statement(Stmt(.block(Block([declaration, loop], range)), range))
    }

    /// The label of `Array(seq)`'s limit, made for `seq.prefix(n)` (one a program cannot write).
    static let prefixLabel = "\\prefix"

    /// The library methods that stop walking a sequence as soon as they know their answer, as Swift's do
    /// (`Interpreter.walkedAsFarAsNeeded`): called on the sequence itself, so one without an end can answer them.
    static let walkingMethods: Set<String> = ["first", "contains", "allSatisfy"]

    /// A library method called on such a sequence (`seq.map { … }`, `seq.reduce(0, +)`): called on the array of its
    /// elements, as Swift's `Sequence` methods go through them (all of them: only `prefix(n)` asks for no more than it
    /// takes, so it is the one to use on a sequence without an end). Nil for any other value, or a method the type declares.
    func sequenceAsArray(_ receiver: Typed, method name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard let members = declaredMembers(of: receiver.type), members.methods[name] == nil, let element = members.sequenceElement else { return nil }
        if name == "prefix", args.count == 1, args[0].label == nil {
            // `prefix(n)`: the first n, and the call is done (`typedMethodCall` returns this).
            return Typed(.callBuiltin(.array, [receiver.node, typedArgument(args[0].value, .int)], [nil, Resolver.prefixLabel], range), .array(element))
        }
        // `seq.first { … }`, `contains(where:)`, `allSatisfy`: typed as the array's, walked on the sequence as far as needed.
        if Resolver.walkingMethods.contains(name), args.count == 1, case .closure = args[0].value.kind { return Typed(receiver.node, .array(element)) }
        return Typed(.callBuiltin(.array, [receiver.node], [nil], range), .array(element))
    }

    /// `countdown.lazy` of a sequence of the program's that declares no `lazy`: the array of its elements, on which the
    /// calls that follow work as they do on an array's `lazy` (which is the array itself here).
    func lazyElements(of receiver: Typed, _ name: String, range: SourceRange) -> Typed? {
        guard name == "lazy", declaredMembers(of: receiver.type)?.computed["lazy"] == nil else { return nil }
        return sequenceAsArray(receiver, method: name, [], range: range)
    }

    /// `IteratorProtocol` asks for `next()`; `Sequence` for `makeIterator()`, or `next()` when the type is its own iterator.
    func checkSequenceConformance(_ name: String, _ conformances: [String], _ members: MemberTypes, at range: SourceRange) {
        let next = members.methods["next"]?.labels.isEmpty == true, makes = members.methods["makeIterator"]?.labels.isEmpty == true
        if conformances.contains("IteratorProtocol"), !next {
            error(.doesNotConform(type: name, protocol: "IteratorProtocol"), at: range, notes: ["it needs 'mutating func next() -> Element?'"])
        } else if conformances.contains("Sequence"), !makes, !(next && conformances.contains("IteratorProtocol")) {
            error(.doesNotConform(type: name, protocol: "Sequence"), at: range, notes: ["it needs 'func makeIterator()' giving an IteratorProtocol"])
        }
    }
}
