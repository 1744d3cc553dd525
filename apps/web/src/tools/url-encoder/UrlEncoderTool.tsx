import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { TextConverter, type TextConversion } from '../../components/TextConverter';
import { urlDecode, urlEncode } from './url-encoder.service';

const conversions: readonly TextConversion[] = [
  { label: 'URL Encode', icon: ArrowUpFromLine, done: 'Encoded', convert: urlEncode },
  { label: 'URL Decode', icon: ArrowDownToLine, done: 'Decoded', convert: urlDecode },
];

export default function UrlEncoderTool() {
  return (
    <TextConverter
      id="url"
      label="Text or encoded URL"
      placeholder="https://example.com/search?q=hello world"
      rows={5}
      monospace
      hint={
        <>
          Encodes like <code>encodeURIComponent</code>: everything except letters, digits and{' '}
          <code>- _ . ! ~ * &apos; ( )</code> becomes UTF-8 <code>%XX</code>, so the result is safe as a query value or
          path segment. Decoding keeps <code>+</code> as a plus sign.
        </>
      }
      conversions={conversions}
    />
  );
}
