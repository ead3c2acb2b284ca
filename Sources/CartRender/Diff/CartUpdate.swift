import RenderCore

/// A cart shown after another one: the cart screen with the contract's animation hints
/// (`data-change` on each changed row in HTML, a change gutter in text), as
/// `render-cli cart FILE --previous OLD` renders it.
///
/// Its rows are the new cart's items in order, each with how it changed, and the items
/// that left, each once, at their old place: right after the nearest item before them
/// (in the old cart) that stays and does not move, or first when there is none. Moved
/// items are not used as anchors, since they leave their old neighbourhood.
public struct CartUpdate: Sendable {
  /// How a row came to be on the updated screen (`data-change` in HTML).
  package enum Change: String, Sendable {
    case inserted
    /// Changed place; its fields may have changed too (``Row/changedFields``).
    case moved
    case updated
    case unchanged
    /// Only in the previous cart: shown once so its exit can be animated.
    case removed
  }

  /// Which way a moved row went on screen, counted among the items in both carts.
  package enum Direction: String, Sendable {
    /// Towards the start of the list.
    case up
    /// Towards the end of the list.
    case down
  }

  /// One item of the updated screen.
  package struct Row: Sendable, Equatable {
    /// The new cart's item; the old one for a removed row.
    package var item: ShoppingCart.Item
    /// The same item as the previous cart had it, when it is in both carts.
    package var previousItem: ShoppingCart.Item?
    package var change: Change
    /// The fields that differ from the previous cart, in ``CartDiff/Field`` order;
    /// empty unless the item is in both carts and changed.
    package var changedFields: [CartDiff.Field]
    /// For a moved row whose rank among the kept items changed; nil otherwise.
    package var direction: Direction?
  }

  /// The cart shown now.
  package let cart: ShoppingCart
  /// The cart shown before.
  package let previous: ShoppingCart
  package let diff: CartDiff
  /// In display order; see the type's description for where removed rows go.
  package let rows: [Row]

  /// `cart` as shown after `previous`.
  /// - Complexity: O(*n* log *n*) time, O(*n*) memory (``CartDiff/init(from:to:)``).
  /// - Throws: ``CartDiff/DuplicateIDError`` when either cart has an id twice (a cart
  ///   decoded from JSON never has).
  public init(_ cart: ShoppingCart, previous: ShoppingCart) throws(CartDiff.DuplicateIDError) {
    let alignment = try CartAlignment(previous, cart)
    self.cart = cart
    self.previous = previous
    diff = CartDiff(alignment, old: previous, new: cart)
    rows = Self.rows(alignment, old: previous.items, new: cart.items)
  }

  /// How a summary line of ``cart`` compares with ``previous``'s lines: ``Change/inserted``
  /// when no previous line has its label, ``Change/updated`` when none with its label has
  /// its value, nil when one has both. (Lines that went away are not shown.)
  package func change(of line: ShoppingCart.Summary.LineItem) -> Change? {
    let sameLabel = (previous.summary?.summaryLines ?? []).filter { $0.label == line.label }
    if sameLabel.isEmpty { return .inserted }
    return sameLabel.contains(line) ? nil : .updated
  }

  private static func rows(_ alignment: CartAlignment, old: [ShoppingCart.Item], new: [ShoppingCart.Item]) -> [Row] {
    // Rank of each kept item among the kept items, in each cart: a moved item whose rank
    // grew went down the list.
    var oldRank = [Int](repeating: 0, count: old.count)
    var rank = 0
    for (index, newIndex) in alignment.newIndexOfOld.enumerated() where newIndex != CartAlignment.absent {
      oldRank[index] = rank
      rank += 1
    }
    // Removed items in old order with the new index of their anchor (-1, before
    // everything, without one). Anchors stay in the LIS, whose new indexes increase
    // along the old cart, so the list is in anchor order too.
    var removed: [(anchor: Int, index: Int)] = []
    var anchor = -1
    for (index, newIndex) in alignment.newIndexOfOld.enumerated() {
      if newIndex == CartAlignment.absent {
        removed.append((anchor, index))
      } else if !alignment.isMoved[Int(newIndex)] {
        anchor = Int(newIndex)
      }
    }
    var nextRemoved = 0
    var rows: [Row] = []
    rows.reserveCapacity(new.count + removed.count)
    func appendRemoved(after anchor: Int) {
      while nextRemoved < removed.count, removed[nextRemoved].anchor == anchor {
        let item = old[removed[nextRemoved].index]
        rows.append(Row(item: item, previousItem: nil, change: .removed, changedFields: [], direction: nil))
        nextRemoved += 1
      }
    }

    appendRemoved(after: -1)
    var newRank = 0
    for index in new.indices {
      let fields = alignment.changed[index].fields
      var row = Row(item: new[index], previousItem: nil, change: .unchanged, changedFields: fields, direction: nil)
      let oldIndex = Int(alignment.oldIndexOfNew[index])
      if oldIndex != CartAlignment.absent {
        row.previousItem = old[oldIndex]
        if alignment.isMoved[index] {
          row.change = .moved
          let before = oldRank[oldIndex]
          row.direction = newRank > before ? .down : newRank < before ? .up : nil
        } else if !fields.isEmpty {
          row.change = .updated
        }
        newRank += 1
      } else {
        row.change = .inserted
      }
      rows.append(row)
      appendRemoved(after: index)
    }
    return rows
  }
}
