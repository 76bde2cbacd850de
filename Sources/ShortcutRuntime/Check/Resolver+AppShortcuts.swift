import ShortcutSyntax

extension Resolver {
    /// `appShortcuts { AppShortcut(intent: X(), phrases: [...], shortTitle: "…", systemImageName: "…") }`.
    /// A phrase's `\(name)` names a parameter of the intent, and `\(.applicationName)` the app.
    func resolveAppShortcuts(_ body: Block) {
        for statement in body.statements {
            guard case .expression(let e) = statement.kind, case .call(let callee, let args) = e.kind,
                  case .identifier("AppShortcut") = callee.kind else {
                error(.expected("AppShortcut(intent:phrases:shortTitle:systemImageName:)", found: "something else"), at: statement.range)
                continue
            }
            let known = ["intent", "phrases", "shortTitle", "systemImageName"]
            var intent: IntentType?
            var phraseExprs: [Expr] = []
            var shortTitle: String?, image: String?
            for a in args {
                switch a.label {
                case "intent":
                    _ = expr(a.value)
                    if case .call(let c, _) = a.value.kind, case .identifier(let n) = c.kind {
                        intent = program.intents[n]
                        // An unknown name was reported already; a known one that is no intent is reported here.
                        if intent == nil, globals[n] != nil { error(.notAnIntent(n), at: c.range) }
                    } else {
                        error(.expected("an intent such as LogIntent()", found: "something else"), at: a.value.range)
                    }
                case "phrases":
                    if case .array(let items) = a.value.kind { phraseExprs = items } else {
                        error(.expected("an array of phrases", found: "something else"), at: a.value.range)
                    }
                case "shortTitle", "systemImageName":
                    guard case .string(let parts) = a.value.kind, parts.count == 1, case .text(let t) = parts[0] else {
                        error(.expected("a plain string for \(a.label ?? "")", found: "something else"), at: a.value.range)
                        continue
                    }
                    if a.label == "shortTitle" { shortTitle = t } else { image = t }
                case "parameterPresentation":
                    // How the Shortcuts app offers the parameter's values: nothing to run off device (SPEC §13).
                    break
                default:
                    error(.unknownArgument(label: a.label ?? "_", callee: "AppShortcut", kind: "argument", known: known,
                                           suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                }
            }
            guard let intent else { continue }
            var phrases: [[AppShortcutInfo.PhrasePart]] = []
            for p in phraseExprs {
                guard case .string(let parts) = p.kind else {
                    error(.expected("a phrase string", found: "something else"), at: p.range)
                    continue
                }
                var phrase: [AppShortcutInfo.PhrasePart] = []
                for part in parts {
                    switch part {
                    case .text(let t): phrase.append(.text(t))
                    case .interpolation(let x):
                        switch x.kind {
                        case .implicitMember("applicationName"): phrase.append(.applicationName)
                        case .identifier(let name) where intent.parameterIndex[name] != nil: phrase.append(.parameter(name))
                        // `\(\.$book)`: the Swift form names a parameter by its key path.
                        case .keyPath(let path, _) where path.count == 1 && path[0].hasPrefix("$") && intent.parameterIndex[String(path[0].dropFirst())] != nil:
                            phrase.append(.parameter(String(path[0].dropFirst())))
                        case .identifier(let name):
                            error(.unknownArgument(label: name, callee: intent.name, kind: "parameter", known: intent.parameters.map(\.name),
                                                   suggestion: closestMatch(to: name, in: intent.parameters.map(\.name))), at: x.range)
                        default:
                            error(.expected("\\(.applicationName) or a parameter name in a phrase", found: "an expression"), at: x.range)
                        }
                    }
                }
                // Apple's rules: every phrase names the app and holds at most one parameter slot.
                if !phrase.contains(.applicationName) {
                    error(.appShortcutRule("every phrase must include \\(.applicationName)"), at: p.range)
                }
                if phrase.filter({ if case .parameter = $0 { return true }; return false }).count > 1 {
                    error(.appShortcutRule("a phrase may hold at most one parameter"), at: p.range)
                }
                phrases.append(phrase)
            }
            if !intent.isDiscoverable {
                error(.appShortcutRule("the intent '\(intent.name)' of an App Shortcut must be discoverable"), at: statement.range)
            }
            program.appShortcuts.append(AppShortcutInfo(intent: intent, phrases: phrases, shortTitle: shortTitle, systemImageName: image))
        }
    }

    /// `parameterSummary: "Log \(shots)"`: each `\(name)` must name a parameter.
    func checkParameterSummary(_ value: Expr, _ type: IntentType) {
        guard case .string(let parts) = value.kind else { return }
        for part in parts {
            if case .interpolation(let e) = part, case .identifier(let n) = e.kind, type.parameterIndex[n] == nil {
                error(.unknownArgument(label: n, callee: type.name, kind: "parameter", known: type.parameters.map(\.name),
                                       suggestion: closestMatch(to: n, in: type.parameters.map(\.name))), at: e.range)
            }
        }
    }
}
