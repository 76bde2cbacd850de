import ShortcutSyntax

/// A class instance, or the one instance of a `store` declaration. Its fields are stored in the object itself
/// (`FieldStorage`).
public final class StoreInstance: ManagedBuffer<StoreInstanceHeader, Value>, FieldStorage {
    /// An instance of `type` holding `fields` (its own copy of them), each checked against `checks` when changed.
    static func make(type: RecordType, fields: [Value], checks: [ScriptType]) -> StoreInstance {
        made(type, fields) { StoreInstanceHeader(typeIdentifier: ObjectIdentifier(type), count: $0, type: type, checks: checks) }
    }

    deinit {
        type.endedInstances?.ended(self)   // a class with a `deinit`: it runs on a copy (`Interpreter.runDeinitializers`)
        deinitializeFields()
    }

    /// The header, by the object's layout (`FieldLayout`): `withUnsafeMutablePointerToHeader` retains and releases.
    private var headerPlace: UnsafeMutablePointer<StoreInstanceHeader> { headerPointer() }

    public var type: RecordType { headerPlace.pointee.type }
    /// Each field's type: as declared, else its default value's (`var count = 0` is an Int).
    var checks: [ScriptType] { headerPlace.pointee.checks }
}

/// What a `StoreInstance` holds before its fields: the type's identity and the field count first, where
/// `FieldStorage` reads them.
public struct StoreInstanceHeader {
    let typeIdentifier: ObjectIdentifier
    let count: Int
    let type: RecordType
    let checks: [ScriptType]
}
