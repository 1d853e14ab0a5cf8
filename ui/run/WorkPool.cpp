#include "run/WorkPool.h"

#include <QMetaObject>
#include <algorithm>
#include <vector>

namespace mr::ui {

namespace {

struct TokenList {
    std::mutex mutex;
    std::vector<std::weak_ptr<WorkToken>> tokens;
};

TokenList& liveTokens() {
    static TokenList list;
    return list;
}

}  // namespace

std::shared_ptr<WorkToken> newWorkToken(quint64 generation) {
    auto token = std::make_shared<WorkToken>(generation);
    TokenList& list = liveTokens();
    const std::lock_guard lock(list.mutex);
    std::erase_if(list.tokens, [](const std::weak_ptr<WorkToken>& t) { return t.expired(); });
    list.tokens.push_back(token);
    return token;
}

void Mailbox::deliver(std::function<void()> call) {
    const std::lock_guard lock(m_mutex);
    if (m_receiver != nullptr) {
        // Queued: runs on the receiver's thread; Qt drops it if the receiver is deleted first.
        QMetaObject::invokeMethod(m_receiver, std::move(call), Qt::QueuedConnection);
    }
}

void Mailbox::close() {
    const std::lock_guard lock(m_mutex);
    m_receiver = nullptr;
}

ThreadPool& workPool() {
    // The shared pool (parallelFor inside the work) must outlive this one: construct it first,
    // so that it is destroyed after.
    ThreadPool::shared();
    static ThreadPool pool(ThreadPool::hardwareThreads() + 8);
    return pool;
}

void cancelAllWork() {
    TokenList& list = liveTokens();
    const std::lock_guard lock(list.mutex);
    for (const auto& weak : list.tokens) {
        if (auto token = weak.lock()) {
            mr::cancel(token->cancel);
        }
    }
}

bool shutdownWork(std::chrono::milliseconds grace) {
    cancelAllWork();  // queued work starts, sees its flag and returns at once
    return workPool().waitIdleFor(grace);
}

}  // namespace mr::ui
