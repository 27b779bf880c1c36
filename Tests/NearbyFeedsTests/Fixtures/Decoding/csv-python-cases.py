"""Writes csv-python-cases.json: CSV inputs and what Python's csv module reads from them.

The expectations are Python's, not Nearby's: csv.reader over the bytes decoded as UTF-8 (a
leading byte order mark removed, as utf-8-sig does), newline=''. Nearby's own rules on top
(documented in CSVTable): blank lines ([] or [''] in Python) are skipped, header names are
trimmed of white space (`header_stripped`: Python's str.strip()). Run from this folder:
python3 csv-python-cases.py > csv-python-cases.json
"""
import base64, csv, io, json, sys

cases = {
    "plain LF": "a,b,c\n1,2,3\n4,5,6\n",
    "CRLF": "a,b,c\r\n1,2,3\r\n4,5,6\r\n",
    "bare CR line ends": "a,b\r1,2\r3,4\r",
    "BOM": "\ufeffname,lat\nx,25.1\n",
    "quoted with commas and doubled quotes": 'a,b\n"x, y","say ""hi"""\n"""",""""""\n',
    "quoted line breaks LF and CRLF": 'a,b\n"two\nlines","three\r\nlines\rhere"\nz,"end"\n',
    "text after a closing quote": 'a,b,c\n"ab"cd,"x"""y,"q"\n',
    "quote inside an unquoted field": 'a,b\nx"y,"z"\n',
    "empty cells": "a,b,c,d\n,,,\n1,,,4\n,2,,\n\"\",\"\",x,\"\"\n",
    "short and long rows": "a,b,c\n1\n1,2\n1,2,3,4,5\n",
    "blank lines": "a,b\n\n1,2\n\n\n3,4\n",
    "no final line break": "a,b\n1,2\n3,4",
    "non-ASCII": "名稱,地址,緯度\n臺北車站,臺北市中正區北平西路3號,25.0478\n\"引號，全形\",\"雙\"\"引\"\"號\",25.1\n",
    "spaces, no-break and ideographic spaces": "\u3000name\u3000, lat \u00a0\n  x  ,\u00a0y\u00a0\n\u3000z\u3000, 25 \n",
    "control characters": "a,b\nx\ty,\u0001z\n\"\u007f\",\u0085w\n",
    "wide row of empties": "name,lat,lon," + ",".join(f"c{i}" for i in range(4, 30)) + "\n"
        + "p1,25.1,121.5" + "," * 26 + "\n" + "p2,,121.5" + "," * 10 + "v" + "," * 16 + "\n",
    "question marks": "a,b\n臺北?車站,why?\n",
    "NUL bytes": "a,b\nx\u0000y,\"q\u0000\"\n",
}

out = []
for name, text in cases.items():
    data = text.encode("utf-8")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    out.append({"name": name, "input": base64.b64encode(data).decode("ascii"),
                "header": rows[0], "header_stripped": [name.strip() for name in rows[0]],
                "rows": rows[1:]})
json.dump({"generator": "Python " + sys.version.split()[0] + " csv.reader", "cases": out},
          sys.stdout, ensure_ascii=False, indent=1)
sys.stdout.write("\n")
