#include "arena/refereed_players.hpp"

#include "arena/external_player.hpp"
#include "arena/gtp_player.hpp"
#include "arena/nboard_player.hpp"
#include "platform/cpu_clock.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

namespace {

// A built-in mover in the referee: CPU time from getrusage(RUSAGE_SELF), as the engine measures itself
// (games run in their own worker processes, so this is this game's time only).
class RefereedMover final : public RefereedPlayer {
public:
    explicit RefereedMover(std::unique_ptr<Mover> mover) : mover_(std::move(mover)) {}
    PlayerFault begin(int n, char) override {
        mover_->prepare(n);
        return {};
    }
    PlayerReply chooseMove(const Board& board, char colour) override {
        const CpuStopwatch watch;
        PlayerReply reply;
        reply.move = mover_->chooseMove(board, colour);
        reply.seconds = watch.elapsed();
        return reply;
    }
    void opponentMoved(Move) override {}
    PlayerFault end(const Board&) override { return {}; }

private:
    std::unique_ptr<Mover> mover_;
};

}  // namespace

std::unique_ptr<RefereedPlayer> newRefereedPlayer(const PlayerSpec& player, std::uint64_t gameSeed, int gameIndex, char colour,
                                        const RefereeOptions& options) {
    if (player.isExternal())
        return makeRefereedLabProgram(player.argv, options,
                                      {player.environment, player.submission ? SandboxView::kSubmission : SandboxView::kCommandLine,
                                       player.unbuffered});
    if (player.kind == PlayerKind::kGtp) return makeRefereedGtpEngine(player.argv, options);
    if (player.kind == PlayerKind::kNBoard) return makeRefereedNBoardEngine(player.argv, player.nboardDepth, options);
    const std::uint64_t moverSeed = player.hasSeed ? mixSeed(player.seed, static_cast<std::uint64_t>(gameIndex))
                                            : mixSeed(gameSeed, static_cast<std::uint64_t>(colour));
    return std::make_unique<RefereedMover>(makeBuiltinMover(player, moverSeed));
}

}  // namespace reversi
