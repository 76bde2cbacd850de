/// Foundation's `Measurement` and its units, written in the language (`StandardTypes`): `Measurement(value:unit:)`,
/// `value`, `unit`, `converted(to:)`, `convert(to:)`, `+`, `-`, `*` and `/` by a number, `==` and `<` across units (in the
/// dimension's base unit, as Foundation compares them), printed as Foundation prints one (`4.5 km`). The units are those
/// of `UnitLength`, `UnitMass`, `UnitDuration`, `UnitTemperature`, `UnitSpeed`, `UnitVolume`, `UnitEnergy`, `UnitAngle`,
/// `UnitArea`, `UnitPower` and `UnitPressure`, with Foundation's symbols and conversions (read off this machine's
/// Foundation: `value * coefficient + constant` is the value in the base unit). `formatted()` gives the value in its own
/// unit (a device may convert it to the locale's units first).
extension StandardTypes {
    static let measurementSource = #"""
    protocol Dimension {
        var symbol: String { get }
        var coefficient: Double { get }
        var constant: Double { get }
        var baseUnit: Dimension { get }
    }
    struct Measurement<UnitType: Dimension>: CustomStringConvertible, Comparable, Hashable {
        var value: Double
        var unit: UnitType
        init(value: Double, unit: UnitType) {
            self.value = value
            self.unit = unit
        }
        var description: String { "\(value) \(unit.symbol)" }
        private var baseValue: Double { value * unit.coefficient + unit.constant }
        func converted(to other: UnitType) -> Measurement<UnitType> {
            if other.symbol == unit.symbol { return self }
            return Measurement(value: (baseValue - other.constant) / other.coefficient, unit: other)
        }
        mutating func convert(to other: UnitType) { self = converted(to: other) }
        func formatted() -> String { "\(value.formatted()) \(unit.symbol)" }
        static func + (a: Measurement<UnitType>, b: Measurement<UnitType>) -> Measurement<UnitType> {
            if a.unit.symbol == b.unit.symbol { return Measurement(value: a.value + b.value, unit: a.unit) }
            return Measurement(value: a.baseValue + b.baseValue, unit: a.unit.baseUnit)
        }
        static func - (a: Measurement<UnitType>, b: Measurement<UnitType>) -> Measurement<UnitType> {
            if a.unit.symbol == b.unit.symbol { return Measurement(value: a.value - b.value, unit: a.unit) }
            return Measurement(value: a.baseValue - b.baseValue, unit: a.unit.baseUnit)
        }
        static func * (a: Measurement<UnitType>, k: Double) -> Measurement<UnitType> { Measurement(value: a.value * k, unit: a.unit) }
        static func * (k: Double, a: Measurement<UnitType>) -> Measurement<UnitType> { Measurement(value: k * a.value, unit: a.unit) }
        static func / (a: Measurement<UnitType>, k: Double) -> Measurement<UnitType> { Measurement(value: a.value / k, unit: a.unit) }
        static func == (a: Measurement<UnitType>, b: Measurement<UnitType>) -> Bool {
            a.unit.symbol == b.unit.symbol ? a.value == b.value : a.baseValue == b.baseValue
        }
        static func < (a: Measurement<UnitType>, b: Measurement<UnitType>) -> Bool {
            a.unit.symbol == b.unit.symbol ? a.value < b.value : a.baseValue < b.baseValue
        }
    }
    struct UnitLength: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitLength.meters }
        var description: String { symbol }
        static let meters = UnitLength(symbol: "m", coefficient: 1.0, constant: 0.0)
        static let kilometers = UnitLength(symbol: "km", coefficient: 1000.0, constant: 0.0)
        static let centimeters = UnitLength(symbol: "cm", coefficient: 0.01, constant: 0.0)
        static let millimeters = UnitLength(symbol: "mm", coefficient: 0.001, constant: 0.0)
        static let micrometers = UnitLength(symbol: "µm", coefficient: 1e-06, constant: 0.0)
        static let nanometers = UnitLength(symbol: "nm", coefficient: 1e-09, constant: 0.0)
        static let decimeters = UnitLength(symbol: "dm", coefficient: 0.1, constant: 0.0)
        static let inches = UnitLength(symbol: "in", coefficient: 0.0254, constant: 0.0)
        static let feet = UnitLength(symbol: "ft", coefficient: 0.3048, constant: 0.0)
        static let yards = UnitLength(symbol: "yd", coefficient: 0.9144, constant: 0.0)
        static let miles = UnitLength(symbol: "mi", coefficient: 1609.34, constant: 0.0)
        static let nauticalMiles = UnitLength(symbol: "NM", coefficient: 1852.0, constant: 0.0)
        static let lightyears = UnitLength(symbol: "ly", coefficient: 9.461e+15, constant: 0.0)
        static let fathoms = UnitLength(symbol: "ftm", coefficient: 1.8288, constant: 0.0)
        static let furlongs = UnitLength(symbol: "fur", coefficient: 201.168, constant: 0.0)
        static let scandinavianMiles = UnitLength(symbol: "smi", coefficient: 10000.0, constant: 0.0)
        static let astronomicalUnits = UnitLength(symbol: "ua", coefficient: 149600000000.0, constant: 0.0)
        static let parsecs = UnitLength(symbol: "pc", coefficient: 3.086e+16, constant: 0.0)
        static let megameters = UnitLength(symbol: "Mm", coefficient: 1000000.0, constant: 0.0)
        static let hectometers = UnitLength(symbol: "hm", coefficient: 100.0, constant: 0.0)
        static let decameters = UnitLength(symbol: "dam", coefficient: 10.0, constant: 0.0)
        static let picometers = UnitLength(symbol: "pm", coefficient: 1e-12, constant: 0.0)
    }
    struct UnitMass: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitMass.kilograms }
        var description: String { symbol }
        static let kilograms = UnitMass(symbol: "kg", coefficient: 1.0, constant: 0.0)
        static let grams = UnitMass(symbol: "g", coefficient: 0.001, constant: 0.0)
        static let milligrams = UnitMass(symbol: "mg", coefficient: 1e-06, constant: 0.0)
        static let micrograms = UnitMass(symbol: "µg", coefficient: 1e-09, constant: 0.0)
        static let nanograms = UnitMass(symbol: "ng", coefficient: 1e-12, constant: 0.0)
        static let picograms = UnitMass(symbol: "pg", coefficient: 1e-15, constant: 0.0)
        static let decigrams = UnitMass(symbol: "dg", coefficient: 0.0001, constant: 0.0)
        static let centigrams = UnitMass(symbol: "cg", coefficient: 1e-05, constant: 0.0)
        static let ounces = UnitMass(symbol: "oz", coefficient: 0.0283495, constant: 0.0)
        static let pounds = UnitMass(symbol: "lb", coefficient: 0.453592, constant: 0.0)
        static let stones = UnitMass(symbol: "st", coefficient: 0.157473, constant: 0.0)
        static let metricTons = UnitMass(symbol: "t", coefficient: 1000.0, constant: 0.0)
        static let shortTons = UnitMass(symbol: "ton", coefficient: 907.185, constant: 0.0)
        static let carats = UnitMass(symbol: "ct", coefficient: 0.0002, constant: 0.0)
        static let ouncesTroy = UnitMass(symbol: "oz t", coefficient: 0.03110348, constant: 0.0)
        static let slugs = UnitMass(symbol: "slug", coefficient: 14.5939, constant: 0.0)
    }
    struct UnitDuration: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitDuration.seconds }
        var description: String { symbol }
        static let seconds = UnitDuration(symbol: "s", coefficient: 1.0, constant: 0.0)
        static let minutes = UnitDuration(symbol: "m", coefficient: 60.0, constant: 0.0)
        static let hours = UnitDuration(symbol: "h", coefficient: 3600.0, constant: 0.0)
        static let milliseconds = UnitDuration(symbol: "ms", coefficient: 0.001, constant: 0.0)
        static let microseconds = UnitDuration(symbol: "µs", coefficient: 1e-06, constant: 0.0)
        static let nanoseconds = UnitDuration(symbol: "ns", coefficient: 1e-09, constant: 0.0)
        static let picoseconds = UnitDuration(symbol: "ps", coefficient: 1e-12, constant: 0.0)
    }
    struct UnitTemperature: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitTemperature.kelvin }
        var description: String { symbol }
        static let kelvin = UnitTemperature(symbol: "K", coefficient: 1.0, constant: 0.0)
        static let celsius = UnitTemperature(symbol: "°C", coefficient: 1.0, constant: 273.15)
        static let fahrenheit = UnitTemperature(symbol: "°F", coefficient: 0.55555555555556, constant: 255.37222222222428)
    }
    struct UnitSpeed: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitSpeed.metersPerSecond }
        var description: String { symbol }
        static let metersPerSecond = UnitSpeed(symbol: "m/s", coefficient: 1.0, constant: 0.0)
        static let kilometersPerHour = UnitSpeed(symbol: "km/h", coefficient: 0.277778, constant: 0.0)
        static let milesPerHour = UnitSpeed(symbol: "mph", coefficient: 0.44704, constant: 0.0)
        static let knots = UnitSpeed(symbol: "kn", coefficient: 0.514444, constant: 0.0)
    }
    struct UnitVolume: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitVolume.liters }
        var description: String { symbol }
        static let liters = UnitVolume(symbol: "L", coefficient: 1.0, constant: 0.0)
        static let milliliters = UnitVolume(symbol: "mL", coefficient: 0.001, constant: 0.0)
        static let centiliters = UnitVolume(symbol: "cL", coefficient: 0.01, constant: 0.0)
        static let deciliters = UnitVolume(symbol: "dl", coefficient: 0.1, constant: 0.0)
        static let kiloliters = UnitVolume(symbol: "kL", coefficient: 1000.0, constant: 0.0)
        static let cubicMeters = UnitVolume(symbol: "m³", coefficient: 1000.0, constant: 0.0)
        static let cubicCentimeters = UnitVolume(symbol: "cm³", coefficient: 0.001, constant: 0.0)
        static let cubicInches = UnitVolume(symbol: "in³", coefficient: 0.0163871, constant: 0.0)
        static let cubicFeet = UnitVolume(symbol: "ft³", coefficient: 28.3168, constant: 0.0)
        static let teaspoons = UnitVolume(symbol: "tsp", coefficient: 0.00492892, constant: 0.0)
        static let tablespoons = UnitVolume(symbol: "tbsp", coefficient: 0.0147868, constant: 0.0)
        static let fluidOunces = UnitVolume(symbol: "fl oz", coefficient: 0.0295735, constant: 0.0)
        static let cups = UnitVolume(symbol: "cup", coefficient: 0.24, constant: 0.0)
        static let pints = UnitVolume(symbol: "pt", coefficient: 0.473176, constant: 0.0)
        static let quarts = UnitVolume(symbol: "qt", coefficient: 0.946353, constant: 0.0)
        static let gallons = UnitVolume(symbol: "gal", coefficient: 3.78541, constant: 0.0)
        static let imperialFluidOunces = UnitVolume(symbol: "fl oz Imperial", coefficient: 0.0284131, constant: 0.0)
        static let imperialPints = UnitVolume(symbol: "pt Imperial", coefficient: 0.568261, constant: 0.0)
        static let imperialGallons = UnitVolume(symbol: "gal Imperial", coefficient: 4.54609, constant: 0.0)
        static let metricCups = UnitVolume(symbol: "metric cup Imperial", coefficient: 0.25, constant: 0.0)
    }
    struct UnitEnergy: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitEnergy.joules }
        var description: String { symbol }
        static let joules = UnitEnergy(symbol: "J", coefficient: 1.0, constant: 0.0)
        static let kilojoules = UnitEnergy(symbol: "kJ", coefficient: 1000.0, constant: 0.0)
        static let calories = UnitEnergy(symbol: "cal", coefficient: 4.184, constant: 0.0)
        static let kilocalories = UnitEnergy(symbol: "kCal", coefficient: 4184.0, constant: 0.0)
        static let kilowattHours = UnitEnergy(symbol: "kWh", coefficient: 3600000.0, constant: 0.0)
    }
    struct UnitAngle: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitAngle.degrees }
        var description: String { symbol }
        static let degrees = UnitAngle(symbol: "°", coefficient: 1.0, constant: 0.0)
        static let radians = UnitAngle(symbol: "rad", coefficient: 57.29577951308232, constant: 0.0)
        static let gradians = UnitAngle(symbol: "grad", coefficient: 0.9, constant: 0.0)
        static let revolutions = UnitAngle(symbol: "rev", coefficient: 360.0, constant: 0.0)
        static let arcMinutes = UnitAngle(symbol: "ʹ", coefficient: 0.016666666666666666, constant: 0.0)
        static let arcSeconds = UnitAngle(symbol: "ʹʹ", coefficient: 0.0002777777777777778, constant: 0.0)
    }
    struct UnitArea: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitArea.squareMeters }
        var description: String { symbol }
        static let squareMeters = UnitArea(symbol: "m²", coefficient: 1.0, constant: 0.0)
        static let squareKilometers = UnitArea(symbol: "km²", coefficient: 1000000.0, constant: 0.0)
        static let squareCentimeters = UnitArea(symbol: "cm²", coefficient: 0.0001, constant: 0.0)
        static let squareMillimeters = UnitArea(symbol: "mm²", coefficient: 1e-06, constant: 0.0)
        static let squareInches = UnitArea(symbol: "in²", coefficient: 0.00064516, constant: 0.0)
        static let squareFeet = UnitArea(symbol: "ft²", coefficient: 0.092903, constant: 0.0)
        static let squareYards = UnitArea(symbol: "yd²", coefficient: 0.836127, constant: 0.0)
        static let squareMiles = UnitArea(symbol: "mi²", coefficient: 2590000.0, constant: 0.0)
        static let acres = UnitArea(symbol: "ac", coefficient: 4046.86, constant: 0.0)
        static let hectares = UnitArea(symbol: "ha", coefficient: 10000.0, constant: 0.0)
    }
    struct UnitPower: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitPower.watts }
        var description: String { symbol }
        static let watts = UnitPower(symbol: "W", coefficient: 1.0, constant: 0.0)
        static let kilowatts = UnitPower(symbol: "kW", coefficient: 1000.0, constant: 0.0)
        static let milliwatts = UnitPower(symbol: "mW", coefficient: 0.001, constant: 0.0)
        static let horsepower = UnitPower(symbol: "hp", coefficient: 745.7, constant: 0.0)
    }
    struct UnitPressure: Dimension, CustomStringConvertible {
        let symbol: String, coefficient: Double, constant: Double
        var baseUnit: Dimension { UnitPressure.newtonsPerMetersSquared }
        var description: String { symbol }
        static let newtonsPerMetersSquared = UnitPressure(symbol: "N/m²", coefficient: 1.0, constant: 0.0)
        static let kilopascals = UnitPressure(symbol: "kPa", coefficient: 1000.0, constant: 0.0)
        static let hectopascals = UnitPressure(symbol: "hPa", coefficient: 100.0, constant: 0.0)
        static let bars = UnitPressure(symbol: "bar", coefficient: 100000.0, constant: 0.0)
        static let millibars = UnitPressure(symbol: "mbar", coefficient: 100.0, constant: 0.0)
        static let poundsForcePerSquareInch = UnitPressure(symbol: "psi", coefficient: 6894.76, constant: 0.0)
        static let inchesOfMercury = UnitPressure(symbol: "inHg", coefficient: 3386.39, constant: 0.0)
        static let millimetersOfMercury = UnitPressure(symbol: "mmHg", coefficient: 133.322, constant: 0.0)
    }
    """#
}
