//! A state's drawing as data: each domain defines the type its board needs (in its own folder)
//! and hands it out as a [`BoardView`]; the app's board for that domain reads it back by type.
//! So no list of domains lives here, and a new domain's drawing names nothing outside its
//! folder and its board.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// What a domain's board type must be to travel in a [`BoardView`]: any plain value that can be
/// compared, printed and sent to another thread.
pub trait BoardData: Any + Debug + Send + Sync {
    /// Whether `other` is the same drawing (of the same type).
    fn same(&self, other: &dyn BoardData) -> bool;
}

impl<T: Any + Debug + PartialEq + Send + Sync> BoardData for T {
    fn same(&self, other: &dyn BoardData) -> bool {
        (other as &dyn Any).downcast_ref::<T>() == Some(self)
    }
}

/// One state's drawing, of the domain's own board type; empty for a search that has no state
/// to show (one away on a worker thread). Cloning shares it.
#[derive(Clone, Debug, Default)]
pub struct BoardView(Option<Arc<dyn BoardData>>);

impl BoardView {
    /// The drawing `board`.
    #[must_use]
    pub fn new(board: impl BoardData) -> BoardView {
        BoardView(Some(Arc::new(board)))
    }

    /// No drawing at all.
    #[must_use]
    pub fn empty() -> BoardView {
        BoardView(None)
    }

    /// The drawing, if it is of type `T`.
    #[must_use]
    pub fn get<T: BoardData>(&self) -> Option<&T> {
        let board: &dyn Any = self.0.as_deref()?;
        board.downcast_ref()
    }
}

impl PartialEq for BoardView {
    fn eq(&self, other: &BoardView) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => a.same(b.as_ref()),
            (None, None) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Dots(u8);

    #[derive(Debug, PartialEq)]
    struct Lines(u8);

    #[test]
    fn a_board_reads_back_as_its_own_type_only() {
        let board = BoardView::new(Dots(3));
        assert_eq!(board.get::<Dots>(), Some(&Dots(3)));
        assert_eq!(board.get::<Lines>(), None);
        assert_eq!(BoardView::empty().get::<Dots>(), None);
    }

    #[test]
    fn boards_are_equal_when_type_and_value_are() {
        assert_eq!(BoardView::new(Dots(3)), BoardView::new(Dots(3)));
        assert_ne!(BoardView::new(Dots(3)), BoardView::new(Dots(4)));
        assert_ne!(BoardView::new(Dots(3)), BoardView::new(Lines(3)));
        assert_ne!(BoardView::new(Dots(3)), BoardView::empty());
        assert_eq!(BoardView::empty(), BoardView::default());
    }
}
