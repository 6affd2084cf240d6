//! Pictures: DOT and SVG of recording graphs, solution graphs and pieces.
