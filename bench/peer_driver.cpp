// The peer's side of bench/bench_peer.py: the C++ library ubongo-utils (libubongo) called in
// one process on a workload read from text. Compiled at bench time against a checkout the
// user points at (--peer-ubongo-utils DIR); nothing in the project depends on it.
//
//     peer_driver MODE PIECESET-DIR WORKLOAD REPEAT
//
// MODE first | count: each WORKLOAD line is "ROWS LETTERS" (figure rows joined by '/', '#' a
// cell; one piece letter each): build the Board, Pieces and Puzzle from that text, then find
// one tiling (first) or every tiling (count). MODE analyze: each line is "ROWS SIZE": every
// combination of SIZE pieces that tiles the figure, with its number of tilings.
// Stdout: one answer per line (first: 1 or 0; count: the count; analyze: the combinations
// as "LETTERS:N" pairs), for bench_peer.py to check against ours. Stderr: the best of REPEAT
// passes over the whole workload, in nanoseconds, parsing included.

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ubongo/analyzer.h"
#include "ubongo/board.h"
#include "ubongo/pieceset_dir.h"
#include "ubongo/puzzle.h"
#include "ubongo/solver.h"

using namespace Ubongo;

// The library declares these with their values in board.h but defines them nowhere; its own
// board.cpp takes their address, so a program linking it statically must supply them.
const char Board::blank;
const char Board::unavailable;

struct Line {
    std::string rows, arg;
};

static std::string
shape_of(const std::string &rows) {
    std::string shape = rows;
    for (char &ch : shape)
        if (ch == '/') ch = '\n';
    return shape + "\n";
}

static std::string
run(const std::string &mode, const PieceSet &pieceset, const Line &line) {
    Board board(shape_of(line.rows));
    if (mode == "analyze") {
        Analyzer analyzer(board, pieceset, std::stoul(line.arg));
        std::ostringstream out;
        while (analyzer.find_solvable_puzzle()) {
            const Puzzle &puzzle = analyzer.get_puzzle();
            int n = 0;
            do n++;
            while (analyzer.find_next_solution());
            for (size_t i = 0; i < puzzle.get_piece_count(); i++) out << puzzle.get_piece(i).get_id();
            out << ':' << n << ' ';
        }
        return out.str();
    }
    std::vector<Piece> pieces;
    for (char id : line.arg) pieces.push_back(pieceset.get_piece_by_id(id));
    Puzzle puzzle(board, pieces, pieceset.get_flip_flag());
    Solver solver(puzzle);
    if (mode == "first") return solver.find_solution() ? "1" : "0";
    long n = 0;
    while (solver.find_solution()) n++;
    return std::to_string(n);
}

int
main(int argc, char *argv[]) {
    if (argc != 5) {
        std::cerr << "usage: peer_driver first|count|analyze PIECESET-DIR WORKLOAD REPEAT\n";
        return 2;
    }
    std::string mode = argv[1];
    PieceSet_Dir pieceset(argv[2]);
    std::ifstream in(argv[3]);
    std::vector<Line> lines;
    Line line;
    while (in >> line.rows >> line.arg) lines.push_back(line);
    int repeat = std::stoi(argv[4]);
    std::vector<std::string> answers(lines.size());
    long long best = -1;
    for (int pass = 0; pass < repeat; pass++) {
        auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < lines.size(); i++) answers[i] = run(mode, pieceset, lines[i]);
        auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
        if (best < 0 || ns < best) best = ns;
    }
    for (const std::string &a : answers) std::cout << a << '\n';
    std::cerr << best << '\n';
    return 0;
}
