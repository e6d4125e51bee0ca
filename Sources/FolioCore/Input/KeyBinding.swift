/// One row of the table: keys, where, what, and the words people read.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let context: KeyContext
    public let action: KeyAction
    public let help: String
}
