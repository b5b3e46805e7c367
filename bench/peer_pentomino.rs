// The driver bench/bench_boards.py builds against a copy of sugyan/pentomino's solver library
// (never committed here): counts the 12 pentominoes on one board with one of its solvers.
//
//     peer_pentomino SOLVER BOARD REPEAT UNIQUE
//
// SOLVER: default | optimized-small | optimized-large; BOARD: 6x10 | 5x12 | 4x15 | 3x20 | 8x8-2x2;
// UNIQUE: 0 (every tiling) or 1 (up to the board's symmetries). Prints the count on stdout and
// the best of REPEAT runs in nanoseconds on stderr; each run builds the solver (its tables) and
// solves, as our count compiles the puzzle and searches.
use pentomino_solver::solvers::{DefaultSolver, OptimizedSolver, OptimizedSolverType};
use pentomino_solver::Solver;
use std::time::Instant;

fn make(solver: &str, rows: usize, cols: usize) -> Box<dyn Solver> {
    match solver {
        "default" => Box::new(DefaultSolver::new(rows, cols)),
        "optimized-small" => Box::new(OptimizedSolver::new(rows, cols, OptimizedSolverType::SmallTable)),
        "optimized-large" => Box::new(OptimizedSolver::new(rows, cols, OptimizedSolverType::LargeTable)),
        _ => panic!("unknown solver {solver}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (solver, board) = (args[1].as_str(), args[2].as_str());
    let repeat: usize = args[3].parse().expect("REPEAT");
    let unique = args[4] == "1";
    let ((rows, cols), initial): ((usize, usize), u64) = match board {
        "6x10" => ((6, 10), 0),
        "5x12" => ((5, 12), 0),
        "4x15" => ((4, 15), 0),
        "3x20" => ((3, 20), 0),
        "8x8-2x2" => ((8, 8), [27, 28, 35, 36].iter().map(|&p| 1u64 << p).sum()),
        _ => panic!("unknown board {board}"),
    };
    let mut best = u128::MAX;
    let mut found = 0;
    for _ in 0..repeat {
        let start = Instant::now();
        found = make(solver, rows, cols).solve(initial, unique).len();
        best = best.min(start.elapsed().as_nanos());
    }
    println!("{found}");
    eprintln!("{best}");
}
