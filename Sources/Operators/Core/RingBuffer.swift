/// A first-in, first-out queue on a ring of slots that doubles when full.
///
/// Used for the values `zip` waits to pair, the sources `concatMap` has yet to play and the
/// values a `ReplaySubject` keeps.
///
///     var queue = RingBuffer<Int>()
///     queue.enqueue(1)
///     queue.enqueue(2)
///     queue.dequeue()  // 1
@usableFromInline struct RingBuffer<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  /// Adds an element at the back.
  @inlinable mutating func enqueue(_ element: Element) {
    if count == slots.count { grow() }
    slots[(head + count) & (slots.count - 1)] = element
    count += 1
  }

  /// Removes and returns the element at the front, or nil when empty.
  @inlinable mutating func dequeue() -> Element? {
    guard count > 0 else { return nil }
    let element = slots[head]
    slots[head] = nil
    head = (head + 1) & (slots.count - 1)
    count -= 1
    return element
  }

  @inlinable mutating func removeAll() {
    slots = []
    head = 0
    count = 0
  }

  /// Doubles the capacity (always a power of two), moving the elements to the front.
  @usableFromInline mutating func grow() {
    var larger = ContiguousArray<Element?>(repeating: nil, count: Swift.max(4, slots.count * 2))
    for offset in 0..<count { larger[offset] = slots[(head + offset) & (slots.count - 1)] }
    slots = larger
    head = 0
  }
}

extension RingBuffer: Sequence {
  @usableFromInline struct Iterator: IteratorProtocol {
    @usableFromInline let buffer: RingBuffer
    @usableFromInline var offset = 0

    @inlinable init(buffer: RingBuffer) { self.buffer = buffer }

    @inlinable mutating func next() -> Element? {
      guard offset < buffer.count else { return nil }
      defer { offset += 1 }
      return buffer.slots[(buffer.head + offset) & (buffer.slots.count - 1)]
    }
  }

  /// Iterates from front to back over a snapshot: changes made meanwhile are not seen.
  @inlinable func makeIterator() -> Iterator { Iterator(buffer: self) }
}
