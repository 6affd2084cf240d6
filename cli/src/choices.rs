//! The library's option enums as command-line choices. The library knows
//! no command line, so each enum it offers as an option has a twin here
//! (its kebab-case names, aliases and `--help` lines) and a parser that
//! reads the twin and yields the library's value, so that the options'
//! fields keep the library's types.

use clap::builder::{EnumValueParser, TypedValueParser};

/// Declares each twin, its conversion into the library's enum (and back,
/// exhaustively, in tests: a variant the library adds fails to compile
/// there), and the function that parses it.
macro_rules! choices {
    ($( $(#[$doc:meta])* $parser:ident: $twin:ident => $lib:path {
        $( $(#[$meta:meta])* $variant:ident, )*
    } )*) => {$(
        #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
        pub enum $twin { $( $(#[$meta])* $variant, )* }

        impl From<$twin> for $lib {
            fn from(choice: $twin) -> Self {
                match choice { $( $twin::$variant => <$lib>::$variant, )* }
            }
        }

        #[cfg(test)]
        impl From<$lib> for $twin {
            fn from(value: $lib) -> Self {
                match value { $( <$lib>::$variant => $twin::$variant, )* }
            }
        }

        $(#[$doc])*
        pub fn $parser() -> impl TypedValueParser<Value = $lib> {
            EnumValueParser::<$twin>::new().map(<$lib>::from)
        }
    )*};
}

choices! {
    /// A parser of [`scramble::theorem::Condition`] choices.
    condition: ConditionChoice => scramble::theorem::Condition {
        /// (1) each edge has a different color.
        #[value(alias = "1")]
        Colors,
        /// (2) in-degree of every vertex equals out-degree of its complement.
        #[value(alias = "2")]
        Degrees,
        /// (3) every path `X -> A -> Y` has `Y = X^c`.
        #[value(alias = "3")]
        Paths,
        /// (4) the subgraph is pseudo-connected.
        #[value(alias = "4")]
        PseudoConnected,
    }
    /// A parser of [`scramble::render::Renderer`] choices.
    renderer: RendererChoice => scramble::render::Renderer {
        /// Graphviz when `neato` is on PATH, the embedded renderer otherwise.
        Auto,
        /// Graphviz (`neato -n2`); an error when it is not installed.
        Graphviz,
        /// The renderer built into scramble; needs nothing else.
        Embedded,
    }
    /// A parser of [`scramble::Format`] choices.
    format: FormatChoice => scramble::Format {
        /// Legespiel XML when the file starts with `<`, else card format when
        /// the first piece's line holds a `|`, text format otherwise.
        Auto,
        /// `name: 1+ 2- 3+ 4-`.
        Spec,
        /// `0 | HEAD-VIOLET | TAIL-BLUE | HEAD-VIOLET | HEAD-YELLOW`.
        Card,
        /// A Legespiel-Solver XML configuration (`<legespielConfiguration>`).
        Legespiel,
        /// A framed edge-matching puzzle: eternity2.dev JSON, `U R D L` lines or
        /// Heule's `em` format (docs/edge-matching.md).
        Edge,
    }
    /// A parser of [`scramble::solve::Order`] choices.
    order: OrderChoice => scramble::solve::Order {
        /// Centre first, then clockwise around it, outward (paper Figure 9).
        Spiral,
        /// Left to right, top to bottom (the CodeProject solver).
        RowMajor,
        /// Maximizing the center on n x n: pieces by value index, then the empty
        /// cell with the most placed neighbours.
        CenterMax,
        /// The spiral with the pieces in a random order drawn from `--seed`.
        Random,
        /// The centre, then the empty cell next to the placed ones where the
        /// fewest unused pieces fit.
        MostConstrained,
        /// Maximizing the center as Section 3.1 writes it (steps 1-8).
        Paper,
    }
    /// A parser of [`scramble::solve::Cells`] choices.
    cells: CellsChoice => scramble::solve::Cells {
        /// Brandt et al.'s spiral (paper Figure 9), static.
        Spiral,
        /// Left to right, top to bottom, static.
        RowMajor,
        /// Section 3.1, steps 4-6: the cell facing the placed picture whose
        /// complement has the lowest index. Dynamic.
        Paper,
        /// As `paper`, but only the two pieces placed last choose (step 6 read
        /// literally). Dynamic.
        PaperLast,
        /// The empty cell with the most placed neighbours, ties by the paper's
        /// rule. Dynamic.
        Neighbours,
        /// The frontier cell where the fewest unused pieces fit. Dynamic.
        MostConstrained,
    }
    /// A parser of [`scramble::solve::Pieces`] choices.
    pieces: PiecesChoice => scramble::solve::Pieces {
        /// File order, everywhere.
        File,
        /// One random order drawn from the seed, everywhere (Brandt et al.).
        Random,
        /// Section 3.1: decreasing value index in the first cell, increasing
        /// elsewhere.
        Value,
    }
    /// A parser of [`scramble::solve::Symmetry`] choices.
    symmetry: SymmetryChoice => scramble::solve::Symmetry {
        /// The lowest-numbered central piece (file order).
        Number,
        /// The central piece of highest value index (Section 3.1).
        Value,
        /// The central piece the piece rule tries first.
        Order,
    }
    /// A parser of [`scramble::solve::Rule`] choices.
    rule: RuleChoice => scramble::solve::Rule {
        /// The solver's own tree.
        None,
        /// Supply and demand per picture: the unused pieces must carry what the
        /// open sides need.
        SupplyDemand,
    }
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;
    use scramble::solve::{Cells, Order, Pieces, Symmetry};

    /// The command line's names are the library's own (`name()`, used in
    /// JSON reports), so a report names an option as it was typed.
    #[test]
    fn names_are_the_libraries() {
        for cells in Cells::ALL {
            let twin = super::CellsChoice::from(cells);
            assert_eq!(twin.to_possible_value().unwrap().get_name(), cells.name());
        }
        for pieces in Pieces::ALL {
            let twin = super::PiecesChoice::from(pieces);
            assert_eq!(twin.to_possible_value().unwrap().get_name(), pieces.name());
        }
        for symmetry in Symmetry::ALL {
            let twin = super::SymmetryChoice::from(symmetry);
            assert_eq!(twin.to_possible_value().unwrap().get_name(), symmetry.name());
        }
        for order in Order::ALL {
            let twin = super::OrderChoice::from(order);
            assert_eq!(twin.to_possible_value().unwrap().get_name(), order.name());
        }
    }
}
