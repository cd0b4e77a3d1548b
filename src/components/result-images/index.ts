export { ResultImage, ResultImages, type ResultImageProps } from './ResultImages';
