export * from './launch';
export * from './verify';
