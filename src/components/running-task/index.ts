export { RunningTask, useElapsedSeconds, type RunningTaskProps, type TaskProgress } from './RunningTask';
