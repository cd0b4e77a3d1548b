import { toolImageDataUrl } from '../../../../contract/api/runtime';
import type { ToolCallView } from '../../../../contract/api';
import { ResultImage, ResultImages } from '../../../components/result-images';
import { useToolImage } from './useToolImage';

const altOf = (call: ToolCallView, index: number) => `${call.tool_name} 返回的图片 ${index + 1}`;

function InlineImage({ call, index, mimeType, data }: { call: ToolCallView; index: number; mimeType: string; data: string }) {
  const src = toolImageDataUrl(mimeType, data);
  return <ResultImage src={src ?? undefined} failed={src === null} alt={altOf(call, index)} />;
}

function StoredImage({ call, index }: { call: ToolCallView; index: number }) {
  const { src, failed } = useToolImage(call.id, index);
  return <ResultImage src={src} failed={failed} alt={altOf(call, index)} />;
}

/** The images a tool answered: from the stream as they came, or read from the server for a stored answer. */
export function ToolCallImages({ call }: { call: ToolCallView }) {
  if (!call.images?.length) return null;
  return (
    <ResultImages label={`${call.tool_name} 返回的图片`}>
      {call.images.map((image, i) =>
        image.data !== undefined
          ? <InlineImage key={i} call={call} index={i} mimeType={image.mime_type} data={image.data} />
          : <StoredImage key={i} call={call} index={i} />,
      )}
    </ResultImages>
  );
}
