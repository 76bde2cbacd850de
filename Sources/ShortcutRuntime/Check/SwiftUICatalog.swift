/// SwiftUI's vocabulary as the checker knows it (SPEC §7, §13): each modifier's
/// forms with their parameters, and the words a leading-dot argument may be.
///
/// A form is written as SwiftUI declares it: `"_ edges: edges, _ length: number?"`
/// is `padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil)`. The
/// parameter's name (after the label) is the key its value is kept under in the
/// JSON view tree; a `?` marks a parameter that may be left out.
enum SwiftUICatalog {
    /// What an argument may be.
    enum Kind: Equatable {
        /// A `CGFloat`/`Double` (`.infinity` too).
        case number
        case integer
        case bool
        case string
        /// One of a set of leading-dot words (`.title`, `.leading`), or an expression of the framework
        /// (`Color.red`, `.system(size: 20)`) that stands for one.
        case word(String)
        /// A Foundation format style (`.number.precision(.fractionLength(1))`, `FormatStyleCatalog`).
        case formatStyle
        /// A view, a colour or a shape.
        case view
        /// A builder closure: `.overlay { … }`.
        case content
        /// Anything (an `id`, an animation value).
        case any
    }

    struct Parameter: Equatable {
        let label: String?
        let name: String
        let kind: Kind
        let isOptional: Bool
    }

    typealias Form = [Parameter]

    /// The leading-dot words of each kind of argument.
    static let words: [String: Set<String>] = [
        "font": ["largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "caption", "caption2",
                 "footnote", "system", "custom"],
        "style": ["primary", "secondary", "tertiary", "quaternary", "quinary", "accentColor", "tint", "foreground", "background",
                  "red", "green", "blue", "orange", "yellow", "pink", "purple", "teal", "cyan", "mint", "indigo", "brown", "gray",
                  "black", "white", "clear", "regularMaterial", "thinMaterial", "thickMaterial", "ultraThinMaterial", "bar",
                  "separator", "link", "fill"],
        "horizontalAlignment": ["leading", "center", "trailing"],
        "verticalAlignment": ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"],
        "alignment": ["center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"],
        "edges": ["all", "top", "bottom", "leading", "trailing", "horizontal", "vertical"],
        "textAlignment": ["leading", "center", "trailing"],
        "weight": ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"],
        "design": ["default", "rounded", "serif", "monospaced"],
        "buttonStyle": ["plain", "borderless", "bordered", "borderedProminent", "automatic", "glass", "glassProminent"],
        "labelStyle": ["automatic", "iconOnly", "titleOnly", "titleAndIcon"],
        "toggleStyle": ["automatic", "switch", "button", "checkbox"],
        "gaugeStyle": ["automatic", "accessoryCircular", "accessoryCircularCapacity", "accessoryLinear", "accessoryLinearCapacity",
                       "linearCapacity"],
        "progressViewStyle": ["automatic", "linear", "circular"],
        "transition": ["numericText", "identity", "opacity", "interpolate", "symbolEffect"],
        "shape": ["circle", "capsule", "rect", "rectangle", "containerRelative", "ellipse", "roundedRectangle"],
        "symbolVariant": ["none", "circle", "square", "rectangle", "fill", "slash"],
        "symbolRenderingMode": ["monochrome", "hierarchical", "palette", "multicolor"],
        "imageScale": ["small", "medium", "large"],
        "truncationMode": ["head", "middle", "tail"],
        "textCase": ["uppercase", "lowercase"],
        "colorScheme": ["light", "dark"],
        "symbolEffect": ["bounce", "pulse", "variableColor", "scale", "appear", "disappear", "replace", "wiggle", "rotate", "breathe"],
        "animation": ["default", "easeIn", "easeOut", "easeInOut", "linear", "spring", "bouncy", "smooth", "snappy"],
        "listStyle": ["automatic", "plain", "grouped", "inset", "insetGrouped", "sidebar"],
        "redaction": ["placeholder", "privacy", "invalidated"],
        "contentMode": ["fit", "fill"],
        "dateStyle": ["date", "time", "relative", "offset", "timer"],
    ]

    /// The modifiers: each with the forms SwiftUI declares that App Intents code uses.
    static let modifiers: [String: [Form]] = {
        let table: [String: [String]] = [
            "font": ["_ font: font"],
            "bold": ["", "_ isActive: bool"],
            "italic": ["", "_ isActive: bool"],
            "underline": ["_ isActive: bool?, color: style?"],
            "strikethrough": ["_ isActive: bool?, color: style?"],
            "monospaced": ["_ isActive: bool?"],
            "monospacedDigit": [""],
            "fontWeight": ["_ weight: weight"],
            "fontDesign": ["_ design: design"],
            "foregroundStyle": ["_ style: style", "_ primary: style, _ secondary: style", "_ primary: style, _ secondary: style, _ tertiary: style"],
            "foregroundColor": ["_ color: style"],
            "tint": ["_ tint: style"],
            "background": ["_ style: view", "_ style: view, in: shape", "alignment: alignment?, content: content"],
            "overlay": ["_ style: view", "_ style: view, in: shape", "alignment: alignment?, content: content"],
            "padding": ["", "_ length: number", "_ edges: edges", "_ edges: edges, _ length: number?"],
            "frame": ["width: number?, height: number?, alignment: alignment?",
                      "minWidth: number?, idealWidth: number?, maxWidth: number?, minHeight: number?, idealHeight: number?, maxHeight: number?, alignment: alignment?"],
            "fixedSize": ["", "horizontal: bool, vertical: bool"],
            "layoutPriority": ["_ value: number"],
            "opacity": ["_ opacity: number"],
            "cornerRadius": ["_ radius: number, antialiased: bool?"],
            "clipShape": ["_ shape: shape, style: any?"],
            "shadow": ["color: style?, radius: number, x: number?, y: number?"],
            "lineLimit": ["_ limit: integer", "_ limit: integer, reservesSpace: bool"],
            "lineSpacing": ["_ spacing: number"],
            "minimumScaleFactor": ["_ factor: number"],
            "multilineTextAlignment": ["_ alignment: textAlignment"],
            "truncationMode": ["_ mode: truncationMode"],
            "textCase": ["_ textCase: textCase"],
            "kerning": ["_ kerning: number"],
            "tracking": ["_ tracking: number"],
            "contentTransition": ["_ transition: transition"],
            "buttonStyle": ["_ style: buttonStyle"],
            "labelStyle": ["_ style: labelStyle"],
            "toggleStyle": ["_ style: toggleStyle"],
            "gaugeStyle": ["_ style: gaugeStyle"],
            "progressViewStyle": ["_ style: progressViewStyle"],
            "listStyle": ["_ style: listStyle"],
            "symbolVariant": ["_ variant: symbolVariant"],
            "symbolRenderingMode": ["_ mode: symbolRenderingMode"],
            "symbolEffect": ["_ effect: symbolEffect, options: any?, value: any?", "_ effect: symbolEffect, options: any?, isActive: bool"],
            "imageScale": ["_ scale: imageScale"],
            "accessibilityLabel": ["_ label: string"],
            "accessibilityHint": ["_ hint: string"],
            "accessibilityHidden": ["_ hidden: bool"],
            "environment": ["_ keyPath: any, _ value: any"],
            "disabled": ["_ disabled: bool"],
            "id": ["_ id: any"],
            "scaleEffect": ["_ scale: number"],
            "offset": ["x: number?, y: number?"],
            "rotationEffect": ["_ angle: any"],
            "animation": ["_ animation: animation, value: any"],
            "transition": ["_ transition: any"],
            "containerBackground": ["_ style: style, for: any"],
            "privacySensitive": ["", "_ sensitive: bool"],
            "redacted": ["reason: redaction"],
            "listRowBackground": ["_ view: view"],
            "listRowSeparator": ["_ visibility: any"],
            "navigationTitle": ["_ title: string"],
            "widgetURL": ["_ url: any"],
            "resizable": ["", "capInsets: any?, resizingMode: any?"],
            "aspectRatio": ["_ aspectRatio: number?, contentMode: contentMode"],
            "scaledToFit": [""],
            "scaledToFill": [""],
            "renderingMode": ["_ renderingMode: any"],
            "clipped": [""],
            "border": ["_ content: view, width: number?"],
            "zIndex": ["_ value: number"],
            "hidden": [""],
            "fill": ["_ content: view, style: any?"],
            "stroke": ["_ content: view, lineWidth: number?"],
            "strokeBorder": ["_ content: view, lineWidth: number?"],
        ]
        return table.mapValues { $0.map(form) }
    }()

    /// `"_ edges: edges, _ length: number?"` as parameters.
    static func form(_ text: String) -> Form {
        text.split(separator: ",").map { piece in
            let parts = piece.split(separator: ":").map { String($0).trimmingWhitespace() }
            let names = parts[0].split(separator: " ").map(String.init)
            var kind = parts[1]
            let isOptional = kind.hasSuffix("?")
            if isOptional { kind.removeLast() }
            let label = names[0] == "_" ? nil : names[0]
            return Parameter(label: label, name: names.count > 1 ? names[1] : names[0], kind: Kind(kind), isOptional: isOptional)
        }
    }

    /// The arguments of views that are typed by label (the others are any value: `Text(_:)` shows anything).
    static let viewArguments: [String: [String: Kind]] = [
        "VStack": ["alignment": .word("horizontalAlignment"), "spacing": .number],
        "HStack": ["alignment": .word("verticalAlignment"), "spacing": .number],
        "ZStack": ["alignment": .word("alignment")],
        "Grid": ["alignment": .word("alignment"), "horizontalSpacing": .number, "verticalSpacing": .number],
        "Spacer": ["minLength": .number],
        "Toggle": ["isOn": .bool],
        "Text": ["verbatim": .string, "format": .formatStyle, "style": .word("dateStyle"), "specifier": .string],
        "Label": ["systemImage": .string],
        "Image": ["systemName": .string],
        "ProgressView": ["value": .number, "total": .number],
        "Gauge": ["value": .number],
    ]

    /// How a diagnostic names a set of words: `horizontalAlignment` is "alignment", `buttonStyle` "button style".
    static func describe(_ set: String) -> String {
        switch set {
        case "style": return "colour or style"
        case "horizontalAlignment", "verticalAlignment", "textAlignment": return "alignment"
        case "edges": return "edge set"
        case "weight": return "font weight"
        case "design": return "font design"
        default: return set.reduce(into: "") { text, c in text += c.isUppercase ? " " + c.lowercased() : String(c) }
        }
    }

    /// The SwiftUI type a set of words belongs to, for a type error (`.font(12)`).
    static func typeName(_ set: String) -> String {
        switch set {
        case "style": return "ShapeStyle"
        case "edges": return "Edge.Set"
        case "weight": return "Font.Weight"
        case "design": return "Font.Design"
        case "textAlignment": return "TextAlignment"
        default: return set.prefix(1).uppercased() + set.dropFirst()
        }
    }

    /// The modifiers' names, for suggestions.
    static let modifierNames = modifiers.keys.sorted()
}

extension SwiftUICatalog.Kind {
    init(_ word: String) {
        switch word {
        case "number": self = .number
        case "integer": self = .integer
        case "bool": self = .bool
        case "string": self = .string
        case "view": self = .view
        case "content": self = .content
        case "formatStyle": self = .formatStyle
        case "any": self = .any
        default: self = .word(word)
        }
    }
}
