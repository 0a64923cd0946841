// include/mcrdun.hpp: mcrdun::Layout and mcrdun::PassagePlan on the crate's
// example (two rooms of 9 and 7 cells sharing a border of 8 cells, 6
// adjacent cell pairs), plus a lone one-cell room, and a layout from labels.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "check.hpp"

namespace {

const std::vector<McrdunPoint> UPPER = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {1, 2},
                                        {2, 2}, {3, 2}, {4, 2}, {3, 3}};
const std::vector<McrdunPoint> LOWER = {{1, 3}, {2, 3}, {4, 3}, {1, 4}, {2, 4}, {3, 4}, {4, 4}};

bool in(const std::vector<McrdunPoint> &cells, McrdunPoint p) {
    for (const McrdunPoint &c : cells) {
        if (c.x == p.x && c.y == p.y) {
            return true;
        }
    }
    return false;
}

McrdunWeights count_weights() {
    McrdunWeights w{};
    w.kind = MCRDUN_WEIGHTS_COUNT;
    return w;
}

void test_layout() {
    mcrdun::Layout layout(6, 6);
    CHECK(layout.add_room(UPPER) == 0);
    CHECK(layout.add_room(LOWER) == 1);
    CHECK(layout.add_room({{0, 5}}) == 2);
    CHECK(layout.room_count() == 3);
    CHECK(layout.room_of({3, 3}) == 0 && layout.room_of({3, 4}) == 1 && layout.room_of({0, 0}) == MCRDUN_NO_ROOM);
    EXPECT_ERROR([&] { layout.add_room({{1, 1}}); }, MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_layout_add_room");
    EXPECT_ERROR([&] { layout.room_of({6, 0}); }, MCRDUN_STATUS_OUT_OF_RANGE, "mcrdun_layout_room_of");

    // 6 adjacent pairs, each listed once from each side.
    const std::vector<McrdunBorderPair> border = layout.border(0, 1);
    CHECK(border.size() == 12);
    for (const McrdunBorderPair &p : border) {
        CHECK(std::abs(p.cell.x - p.across.x) + std::abs(p.cell.y - p.across.y) == 1);
        CHECK(in(UPPER, p.cell) != in(UPPER, p.across));
    }
    CHECK(layout.border(0, 2).empty());

    const std::vector<McrdunRoomPair> pairs = layout.adjacent_rooms();
    CHECK(pairs.size() == 1 && pairs[0].a == 0 && pairs[0].b == 1);

    const McrdunPassage p = layout.choose_passage(0, 1, 9, count_weights());
    CHECK(p.a == 0 && p.b == 1 && in(UPPER, p.cell_a) && in(LOWER, p.cell_b));
    CHECK(std::abs(p.cell_a.x - p.cell_b.x) + std::abs(p.cell_a.y - p.cell_b.y) == 1);
    EXPECT_ERROR([&] { layout.choose_passage(0, 2, 9, count_weights()); }, MCRDUN_STATUS_NOT_ADJACENT,
                 "mcrdun_layout_choose_passage");

    McrdunPassagePolicy policy{};
    policy.connect = MCRDUN_CONNECT_ALL_PAIRS;
    policy.weights = count_weights();
    const mcrdun::PassagePlan plan = layout.passages(5, policy);
    const std::vector<McrdunPassage> passages = plan.passages();
    CHECK(passages.size() == 1 && passages[0].a == 0 && passages[0].b == 1);
    CHECK((plan.isolated() == std::vector<uint32_t>{2}));
    CHECK(plan.components() == 2);  // {0, 1} and the lone room 2
    policy.connect = 7;
    EXPECT_ERROR([&] { layout.passages(5, policy); }, MCRDUN_STATUS_INVALID_ARGUMENT, "mcrdun_layout_passages");
}

void test_from_labels() {
    // Three vertical bands 0 | 1 | 2 on a 6x2 grid: 0-1 and 1-2 touch.
    const std::vector<uint32_t> labels = {0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2};
    const mcrdun::Layout layout = mcrdun::Layout::from_labels(6, 2, labels);
    CHECK(layout.room_count() == 3);
    const std::vector<McrdunRoomPair> pairs = layout.adjacent_rooms();
    CHECK(pairs.size() == 2 && pairs[0].a == 0 && pairs[0].b == 1 && pairs[1].a == 1 && pairs[1].b == 2);
    McrdunPassagePolicy policy{};
    policy.connect = MCRDUN_CONNECT_SPANNING_TREE;
    policy.weights = count_weights();
    const mcrdun::PassagePlan plan = layout.passages(1, policy);
    CHECK(plan.passages().size() == 2 && plan.isolated().empty() && plan.components() == 1);
    EXPECT_ERROR([] { mcrdun::Layout::from_labels(6, 2, {0, 0}); }, MCRDUN_STATUS_INVALID_ARGUMENT,
                 "mcrdun_layout_from_labels");
}

}  // namespace

int main() {
    return check_hpp::run_main("wrapper_layout.cpp", [] {
        test_layout();
        test_from_labels();
    });
}
