@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The type-assertion mode (SPEC §3.1: a checked program never meets a mismatch): a value stored in
/// a variable whose type the checker proved is checked against it, and a mismatch names the checker
/// as the culprit. The suite runs every fixture and example in this mode.
@Suite struct TypeAssertionTests {
    /// A program the checker could never produce: a String stored where an Int was "proved".
    func program() throws -> Program {
        let program = try #require(Loader().load(source: "", name: "assert.shortcut").program)
        program.topLevel = FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil,
                                        hasSelf: false, isMutating: false, captureSlots: [], frameSize: 1,
                                        body: [.initLocal(0, .constant(.string("x")), Annotation(type: .int, isEnforced: false), name: "n", .none)],
                                        range: .none, codeOptions: CodeOptions(assertsTypes: true))
        return program
    }

    @Test func theModeFindsAValueOfAnotherType() throws {
        var options = Interpreter.Options()
        options.assertsTypes = true
        let interpreter = Interpreter(program: try program(), host: RecordingHost(), options: options)
        let error: ScriptError? = interpreter.withStack {
            do throws(ScriptError) { try interpreter.runTopLevel(); return nil } catch { return error }
        }
        #expect(error?.message.contains("type assertion failed: 'n' was proved to be 'Int' but holds a value of type 'String'") == true,
                "\(String(describing: error?.message))")
    }

    @Test func withoutTheModeNothingIsChecked() throws {
        let interpreter = Interpreter(program: try program(), host: RecordingHost(), options: Interpreter.Options())
        let error: ScriptError? = interpreter.withStack {
            do throws(ScriptError) { try interpreter.runTopLevel(); return nil } catch { return error }
        }
        #expect(error == nil)
    }
}
