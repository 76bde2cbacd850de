@testable import ShortcutCLI
import Testing

/// Every request kind through the three hosts: a terminal (injected), scripted input, and JSON Lines.
@Suite struct HostTests {
    let path = packageRoot + "/Tests/Fixtures/requests.shortcut"

    /// A declined confirmation throws a cancellation error a script may catch (SPEC §5.3); uncaught,
    /// it still ends the run as cancelled (exit 5).
    @Test func aDeclinedConfirmationCanBeCaught() throws {
        let script = try temporaryScript("""
        intent Order {
            perform {
                do {
                    try requestConfirmation(dialog: "Buy?")
                    print("bought")
                } catch {
                    print("caught", error)
                }
                try requestConfirmation(dialog: "Really?")
                print("not reached")
            }
        }
        """)
        let r = cli(["run", script, "Order", "--ephemeral"], input: "no\nno\n")
        #expect(r.out.contains("caught userCancelled"), "\(r.out)")
        #expect(!r.out.contains("bought") && !r.out.contains("not reached"))
        #expect(r.code == 5, "\(r.err)")
    }

    /// A terminal: bad answers are asked again instead of failing.
    @Test func terminalAsksAgainAfterABadAnswer() {
        let io = BufferIO(input: "quadruple\n3\nnowhere\n2\nmaybe\nyes\n", environment: ["SHORTCUT_STORE_DIR": temporaryStoreDirectory()])
        io.stdinIsTerminal = true
        let code = ShortcutCLI.main(arguments: ["run", path, "LogIntent"], io: io)
        #expect(code == 0)
        #expect(io.output == """
        ❓ How many shots? [1 Single, 2 Double, 3 Triple Shot]:   choose one of: Single, Double, Triple Shot
        ❓ How many shots? [1 Single, 2 Double, 3 Triple Shot]: ❓ Cafe? [1 Corner, 2 Harbour]:   no Cafe matches 'nowhere'
        ❓ Cafe? [1 Corner, 2 Harbour]: ❓ Log Triple Shot at Harbour? [Log/Cancel]:   answer yes (Log) or no (Cancel)
        ❓ Log Triple Shot at Harbour? [Log/Cancel]: 💬 Logged Triple Shot at Harbour.

        """)
    }

    @Test func terminalChoicesAndValues() {
        let io = BufferIO(input: "1\nlots\n4\nyes\n2026-01-02\nAnn\n", environment: ["SHORTCUT_STORE_DIR": temporaryStoreDirectory()])
        io.stdinIsTerminal = true
        #expect(ShortcutCLI.main(arguments: ["run", path, "ChooseIntent"], io: io) == 0)
        #expect(io.output.contains("❓ Size? [1 Small, 2 Large, 3 Stop]: "))
        #expect(io.output.contains("  enter a whole number\n"))
    }

    @Test func scriptedInputShowsATranscriptAndFailsOnBadAnswers() {
        let good = cli(["run", path, "LogIntent"], input: "double\n1\ny\n")
        #expect(good.code == 0)
        #expect(good.out == """
        ❓ How many shots? [1 Single, 2 Double, 3 Triple Shot]: double
        ❓ Cafe? [1 Corner, 2 Harbour]: 1
        ❓ Log Double at Corner? [Log/Cancel]: y
        💬 Logged Double at Corner.

        """)
        let bad = cli(["run", path, "LogIntent"], input: "double\nnowhere\n")
        #expect(bad.code == 4)
        #expect(bad.err.contains("line 2 of the input: 'nowhere' does not answer \"Cafe?\""))
        let ended = cli(["run", path, "LogIntent"], input: "double\n")
        #expect(ended.code == 4)
        #expect(ended.err.contains("input ended with no answer for \"Cafe?\""))
        let cancelled = cli(["run", path, "LogIntent"], input: "1\n1\nno\n")
        #expect(cancelled.code == 5)
        #expect(cancelled.err.hasPrefix("cancelled at "))
    }

    @Test func inputFileAndParameters() throws {
        let answers = try temporaryScript("yes\n", name: "answers.txt")
        let r = cli(["run", path, "LogIntent", "--param", "shots=Single", "--param", "cafe=c2", "--input", answers])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("💬 Logged Single at Harbour.\n"))
        #expect(cli(["run", path, "LogIntent", "--param", "shots=5"]).err.contains("--param shots=5: does not fit EspressoShot"))
        #expect(cli(["run", path, "LogIntent", "--param", "shot=1"]).err.contains("did you mean 'shots'?"))
        #expect(cli(["run", path, "LogIntent", "--param", "cafe=zzz"]).code == 2)
        let notIntents = try? temporaryScript("shortcut \"Morning\" { print(1) }\nprint(2)")
        for target in [["Morning"], []] {
            let r = cli(["run", notIntents ?? ""] + target + ["--param", "x=1"])
            #expect(r.code == 2 && r.err.contains("--param sets an intent's parameters, and the target is not an intent"), "\(target): \(r.err)")
        }
        #expect(cli(["run", path, "LogIntent", "--input", "/missing/answers"]).code == 2)
        #expect(cli(["run", path, "LogIntent", "--format", "xml"]).code == 2)
    }

    @Test func jsonLinesCarryEveryEvent() {
        let r = cli(["run", path, "LogIntent", "--format", "json"], input: "{\"answer\": \"double\"}\n{\"answer\": 2}\n{\"answer\": true}\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == """
        {"event":"request","kind":"value","prompt":"How many shots?","type":"EspressoShot","options":["Single","Double","Triple Shot"]}
        {"event":"request","kind":"value","prompt":"Cafe?","type":"Cafe","options":["Corner","Harbour"]}
        {"event":"request","kind":"confirmation","prompt":"Log Double at Harbour?","options":["Log","Cancel"],"confirm":"Log"}
        {"event":"dialog","text":"Logged Double at Harbour."}
        {"event":"result","value":1}

        """)
        let failed = cli(["run", path, "ChooseIntent", "--format", "json"], input: "3\n")
        #expect(failed.code == 5)
        #expect(failed.out.hasSuffix("{\"event\":\"error\",\"kind\":\"cancelled\",\"message\":\"cancelled\",\"file\":\"\(path)\",\"line\":42,\"column\":20}\n"))
        let picked = cli(["run", path, "PickIntent", "--format", "json"], input: "{\"answer\": 3}\n")
        #expect(picked.out == """
        {"event":"request","kind":"choice","prompt":"Which cafe?","options":["Corner","Harbour","Harbour Annex"]}
        {"event":"result","value":"c3"}

        """)
        let malformed = cli(["run", path, "ChooseIntent", "--format", "json"], input: "{\"answr\": 1}\n")
        #expect(malformed.code == 4)
        #expect(malformed.err.contains("error: line 1 of the input: an answer object must look like {\"answer\": …}\n"), "\(malformed.err)")
        let wrongKind = cli(["run", path, "ChooseIntent", "--format", "json"], input: "{\"answer\": [1]}\n")
        #expect(wrongKind.err.contains("line 1 of the input: an answer must be a string, a number or a Bool\n"), "\(wrongKind.err)")
        let printed = try? temporaryScript("print(\"hi\")\nshow [1, 2]")
        #expect(cli(["run", printed ?? "", "--format", "json"]).out == "{\"event\":\"print\",\"text\":\"hi\"}\n{\"event\":\"dialog\",\"text\":\"[1, 2]\"}\n")
    }

    /// An error in a button's intent names its place and the chain that led there,
    /// in text (stderr, while the snippet stays open) and in JSON (SPEC §10).
    @Test func anErrorInAButtonsIntentHasItsPlaceAndChain() throws {
        let script = try temporaryScript("""
        store S { var n = 0 }
        intent Open { perform { return .result(snippetIntent: Card()) } }
        intent Boom {
            isDiscoverable: false
            @Dependency var s: S
            perform {
                let xs = [1]
                print(xs[s.n + 3])
            }
        }
        snippet Card {
            title: "Card"
            perform { return .result(view: VStack { Button("Double", intent: Boom()) }) }
        }
        """, name: "buttons.shortcut")
        let text = cli(["run", script, "Open", "--ephemeral"], input: "1\n\n")
        #expect(text.code == 0)
        #expect(text.out.contains("⚠️  index 3 is out of range"))
        #expect(text.err.contains("buttons.shortcut:8:15: error: index 3 is out of range for an array of 1 element"))
        #expect(text.err.contains("note: in Boom.perform, called from \(script):13:45"))
        #expect(text.err.contains("note:   from button \"Double\" of Card"))
        let json = cli(["run", script, "Open", "--ephemeral", "--format", "json"], input: "1\n\n")
        let event = json.out.split(separator: "\n").first { $0.contains(#""kind":"action""#) } ?? ""
        #expect(event.contains(#""file":"\#(script)","line":8,"column":15"#))
        #expect(event.contains(#""from":"button \"Double\" of Card""#))
    }

    /// With `--format json`, compile diagnostics are events too (SPEC §10), with file, line, column and the source line.
    @Test func compileDiagnosticsAreJSONEvents() throws {
        let file = try temporaryScript("intent Hello { perform { let x: Int = \"a\" } }\n")
        let r = cli(["run", file, "--format", "json"])
        #expect(r.code == 3)
        #expect(r.out == #"{"event":"diagnostic","severity":"error","message":"cannot convert value of type 'String' to specified type 'Int'","file":""# + file
                + #"","line":1,"column":39,"source":"intent Hello { perform { let x: Int = \"a\" } }","notes":[]}"# + "\n")
    }
}
