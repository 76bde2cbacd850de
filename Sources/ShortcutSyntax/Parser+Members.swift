/// A member of a type-like body: a property, a function, a static, a subscript, an `init`, a nested type — and which
/// of the names it declares are `private` (`Members.privateNames`) or privately set (`private(set)`).
extension Parser {
    /// Properties (`let`, `var`) and functions, shared by every type-like body.
    /// `kinds` names the body's kind for swiftc's words where a class's modifier is misplaced (`convenience init` in a struct).
    mutating func parseCommonMember(into members: inout Members, allowsStatic: Bool = false, inClass: Bool = false,
                                    kinds: String = "structs") throws(Abort) -> Bool {
        if let dependency = try parseDependencyPropertyIfPresent() { members.properties.append(dependency); return true }
        skipModifiers()
        let access = self.access
        self.access = (false, false)
        let counts = (members.properties.count, members.functions.count, members.staticProperties.count, members.staticFunctions.count,
                      members.initializers.count)
        guard try parseMemberAfterModifiers(into: &members, allowsStatic: allowsStatic, inClass: inClass, kinds: kinds) else { return false }
        guard access.isPrivate || access.privateSetter else { return true }
        func names(_ statements: ArraySlice<Stmt>) -> [String] { statements.compactMap { if case .variable(let v) = $0.kind { v.name } else { nil } } }
        let properties = names(members.properties[counts.0...]) + names(members.staticProperties[counts.2...])
        if access.privateSetter { members.privateSetters.formUnion(properties) }
        if access.isPrivate {
            members.privateNames.formUnion(properties + members.functions[counts.1...].map(\.name) + members.staticFunctions[counts.3...].map(\.name))
            // An initialiser by its labels (`init(text:)`): another of the type's stays open.
            members.privateNames.formUnion(members.initializers[counts.4...].map { Members.initializerKey($0.parameters.map(\.label)) })
        }
        return true
    }

    /// A member after its modifiers.
    private mutating func parseMemberAfterModifiers(into members: inout Members, allowsStatic: Bool, inClass: Bool, kinds: String) throws(Abort) -> Bool {
        // `lazy var`: a struct's or class's default is computed at the first read (`VarDecl.isLazy`).
        let isLazy = skipLazy()
        if allowsStatic, try parseStaticMemberIfPresent(into: &members, inClass: inClass) { return true }
        if try parseSubscriptIfPresent(into: &members, mutating: true) { return true }
        let isRequired = precededBy("required"), isOverride = precededBy("override"), start = current.range
        if !inClass, checkWord("init"), precededBy("convenience") { error(.convenienceOutsideClass(kinds), at: current.range) }
        if let initializer = try parseInitializerIfPresent() {
            let key = Members.initializerKey(initializer.parameters.map(\.label))
            if isRequired { members.requiredInitializers.insert(key) } else {
                members.unrequiredInitializers[key] = UnrequiredInitializer(range: start, isOverride: isOverride)
            }
            members.initializers.append(initializer)
            members.initializersReplaceMemberwise = true
            return true
        }
        // `typealias ID = String` in a type: `S.ID` (`NestedTypeNames`), hoisted to the top level as a nested type is.
        if checkWord("typealias"), let alias = try parseDeclarationIfPresent() {
            members.nestedTypes.append(alias)
            return true
        }
        // A type declared inside another (`enum Status { … }` in a struct) is one of the program's types.
        var startsClass = false
        if checkWord("class") || checkWord("actor"), case .identifier = peekToken().kind { startsClass = true }
        if [.enum, .struct].contains(declarationStart()) || startsClass,
           let nested = try parseDeclarationIfPresent() {
            members.nestedTypes.append(nested)
            return true
        }
        if check(.let) || check(.var) {
            let start = current.range
            let isNonisolated = precededBy("nonisolated")
            refuseAsyncLetMember()
            let decls = try parseVarDecls()
            if isNonisolated { members.nonisolated.formUnion(decls.map(\.name)) }
            let range = range(from: start)
            members.properties += decls.map { var v = $0; v.isLazy = isLazy && v.getter == nil; return Stmt(.variable(v), range) }
            return true
        }
        if check(.func) || ((checkWord("mutating") || checkWord("prefix") || checkWord("postfix")) && peekToken().kind == .keyword(.func)) {
            let (isFinal, isNonisolated) = (precededByFinal(), precededBy("nonisolated"))
            let start = current.range
            let doc = docComments[start.start]
            let (function, nameRange) = try parseFunction()
            members.functions.append(Decl(.function(function), range: range(from: start), nameRange: nameRange, doc: doc))
            if isFinal { members.finals.insert(function.name) }
            if isNonisolated { members.nonisolated.insert(function.name) }
            return true
        }
        if checkWord("static") {
            _ = try parseDeclarationIfPresent()   // reports the Swift-ism
        }
        return false
    }

}
