package org.mpish.runtime.lapi;

/**
 * One thing LAPI does at a task on behalf of a message: land data, run a header handler, move a counter.
 * {@code user} marks steps that call user code (they always run on the task's own thread, at a progress
 * point); {@code what} describes the step for the trace and for waits.
 */
record Step(Msg msg, boolean user, String what, int errType, int peer, Runnable body) {}
