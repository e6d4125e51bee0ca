#!/usr/bin/env python3
"""The man page and the bash, zsh and fish completions, made from what the built folio says
of itself (`folio --experimental-dump-help`: every command and option, and the key table and
exit codes in its discussion), so none of them can drift from the program.

    scripts/manual.py FOLIO OUTDIR [--date YYYY-MM-DD]

writes OUTDIR/folio.1, OUTDIR/folio.bash, OUTDIR/_folio (zsh) and OUTDIR/folio.fish.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT_PATH_HELP = "a folder of books, a comic archive, a PDF or DjVu book, a folder of images or one image"


def dump(folio):
    out = subprocess.run([folio, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["command"]


def visible(command):
    return [c for c in command.get("subcommands", []) if c.get("shouldDisplay", True) and c["commandName"] != "help"]


def shown_arguments(command):
    return [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
            and a.get("preferredName", {}).get("name") not in ("help", "version")]


def takes_files(argument):
    return "file" in argument.get("completionKind", {})


def file_extensions(argument):
    return argument.get("completionKind", {}).get("file", {}).get("extensions", [])


def long_name(argument):
    return "--" + argument["preferredName"]["name"]


def key_table(discussion):
    """The key table in the root discussion: [(heading, [(input, help)])], and exit codes."""
    sections, codes = [], []
    body = discussion.split("\n")
    for line in body:
        if line.startswith("Exit codes: "):
            text = line[len("Exit codes: "):].rstrip(".")
            codes = [tuple(part.split(" ", 1)) for part in re.split(r", (?=\d+ )", text)]
        elif line.startswith("    ") and sections and sections[-1][1]:
            key, words = sections[-1][1][-1]
            sections[-1][1][-1] = (key, words + " " + line.strip())
        elif line.startswith("  ") and sections:
            cells = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            sections[-1][1].append((cells[0], cells[1] if len(cells) > 1 else ""))
        elif line.endswith(":") and line != "Keys and pointer in the window:":
            sections.append((line[:-1], []))
    return sections, codes


# MARK: the man page (man(7) macros)

# The variables Folio reads, for ENVIRONMENT.
ENVIRONMENT = [
    ("XDG_STATE_HOME", "Where places.json is kept (default ~/.local/state)."),
    ("XDG_CONFIG_HOME", "Where settings.conf is read (default ~/.config)."),
    ("XDG_CACHE_HOME", "Where cover thumbnails and the shader cache go (default ~/.cache)."),
    ("XDG_VIDEOS_DIR", "Where input captures go, in a Folio folder (default ~/Videos)."),
    ("FOLIO_ASSETS", "A folder holding Books.plist and Fonts/, used before the bundled one."),
    ("SDL_VIDEODRIVER", "The video driver SDL uses (x11, wayland; offscreen draws with no display)."),
    ("SDL_VIDEO_X11_WMCLASS, SDL_VIDEO_WAYLAND_WMCLASS", "The window's class (default io.github.folioviewer.Folio)."),
    ("MESA_SHADER_CACHE_DISABLE, MESA_SHADER_CACHE_DIR", "Left as they are when set; otherwise Folio sets them as FILES says."),
]


def key_for(sections, help_start):
    """The key the table names for the row whose help begins with `help_start`."""
    for _, rows in sections:
        for key, words in rows:
            if words.startswith(help_start):
                return key
    raise SystemExit(f"manual.py: no key in the table does '{help_start}'")


def roff(text):
    """Text safe on a roff line: backslashes and hyphens escaped, no line starting with a control."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    return "\\&" + text if text[:1] in (".", "'") else text


def man_page(root, date, version):
    sections, codes = key_table(root.get("discussion", ""))
    commands = visible(root)
    lines = [f'.TH FOLIO 1 "{date}" "Folio {version}" "User Commands"',
             ".SH NAME", "folio \\- " + roff(root["abstract"].rstrip(".")),
             ".SH SYNOPSIS"]
    lines += [".B folio", "[\\fIPATH\\fR] [\\fIOPTIONS\\fR]"]
    for command in commands:
        if command["commandName"] == "view":
            continue
        positional = [a for a in shown_arguments(command) if a["kind"] == "positional"]
        lines += [".br", f'.B folio {command["commandName"]}',
                  " ".join(("[\\fI%s\\fR]" if a.get("isOptional") else "\\fI%s\\fR") % a["valueName"].upper() for a in positional)
                  + (" " if positional else "") + "[\\fIOPTIONS\\fR]"]
    lines += [".SH DESCRIPTION",
              roff("Folio shows a shelf of books whose covers scroll and snap; the wheel, a touchpad or a "
                   "touchscreen pinch opens the centred book in 3D, and once more lays it flat to read. "
                   "PATH is " + ROOT_PATH_HELP + " (one book opens straight into the reading view), "
                   "or a Books.plist; without it the bundled books show."),
              ".SH COMMANDS"]
    for command in commands:
        name = command["commandName"]
        heading = "folio [view] [PATH]" if name == "view" else f"folio {name}"
        lines += [f'.SS "{heading}"', roff(command.get("abstract", ""))]
        for paragraph in command.get("discussion", "").split("\n\n"):
            if paragraph.strip():
                lines += [".PP", roff(" ".join(paragraph.split()))]
        arguments = shown_arguments(command)
        flags = {a["preferredName"]["name"] for a in arguments if a["kind"] == "flag"}
        for argument in arguments:
            name = argument.get("preferredName", {}).get("name", "")
            if argument["kind"] == "flag" and name.startswith("no-") and name[3:] in flags:
                continue  # shown with the flag it inverts
            if argument["kind"] == "flag" and "no-" + name in flags:
                label = "\\fB" + roff(long_name(argument)) + "\\fR, \\fB" + roff("--no-" + name) + "\\fR"
            elif argument["kind"] == "positional":
                label = "\\fI" + argument["valueName"].upper() + "\\fR"
            elif argument["kind"] == "flag":
                label = "\\fB" + roff(long_name(argument)) + "\\fR"
            else:
                label = "\\fB" + roff(long_name(argument)) + "\\fR \\fI" + roff(argument["valueName"]) + "\\fR"
            lines += [".TP", label, roff(argument.get("abstract", ""))]
    lines += [".SH KEYS AND POINTER"]
    for heading, rows in sections:
        lines.append(f'.SS "{roff(heading)}"')
        for key, help_text in rows:
            lines += [".TP", "\\fB" + roff(key) + "\\fR", roff(help_text)]
    capture_key = key_for(sections, "start/stop capturing")
    lines += [".SH FILES",
              ".TP", "\\fI$XDG_STATE_HOME/folio/places.json\\fR",
              roff("Where each book was left off, and how it was set up: pairing, direction, pages, fit and the "
                   "reading view's zoom (default ~/.local/state/folio/places.json)."),
              ".TP", "\\fI$XDG_CONFIG_HOME/folio/settings.conf\\fR",
              roff("Settings, read only: remember = no turns remembering off (default ~/.config/folio/settings.conf)."),
              ".TP", "\\fI$XDG_CACHE_HOME/thumbnails/\\fR",
              roff("Cover thumbnails shared with file managers (freedesktop.org); Folio adds its own unless remembering is off (default ~/.cache/thumbnails)."),
              ".TP", "\\fI$XDG_VIDEOS_DIR/Folio/\\fR",
              roff(f"Input captures started with {capture_key} (default ~/Videos/Folio)."),
              ".TP", "\\fI$XDG_CACHE_HOME/folio/mesa-shaders/\\fR",
              roff("The viewer's compiled shaders (Mesa's cache), only while remembering is on (default ~/.cache/folio/mesa-shaders)."),
              ".TP", "\\fI/usr/share/folio/\\fR",
              roff("The bundled books and fonts (share/folio beside the installed binary)."),
              ".SH ENVIRONMENT"]
    for name, text in ENVIRONMENT:
        lines += [".TP", "\\fB" + roff(name) + "\\fR", roff(text)]
    lines += [".SH EXIT STATUS"]
    for code, meaning in codes:
        lines += [".TP", f"\\fB{code}\\fR", roff(meaning[:1].upper() + meaning[1:] + ".")]
    lines += [".SH SEE ALSO", "\\fBffmpeg\\fR(1)", ""]
    return "\n".join(lines)


# MARK: completions

def options_of(command):
    return [a for a in command.get("arguments", []) if a["kind"] in ("option", "flag") and a.get("shouldDisplay", True)]


def bash(root):
    commands = visible(root)
    names = " ".join(c["commandName"] for c in commands)
    cases = []
    for command in commands:
        opts = options_of(command)
        words = " ".join(long_name(a) for a in opts)
        files = [long_name(a) for a in opts if a["kind"] == "option" and takes_files(a)]
        values = [long_name(a) for a in opts if a["kind"] == "option" and not takes_files(a)]
        positional = any(a["kind"] == "positional" for a in command.get("arguments", []))
        cases.append(f"""    {command["commandName"]})
      opts="{words}"; files="{' '.join(files)}"; values="{' '.join(values)}"; positional={1 if positional else 0} ;;""")
    return f"""# bash completion for folio (made by scripts/manual.py from folio itself)
_folio() {{
  local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="" sub="" i
  [ "$COMP_CWORD" -gt 0 ] && prev="${{COMP_WORDS[COMP_CWORD-1]}}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${{COMP_WORDS[i]}}" in {names.replace(' ', '|')}) sub="${{COMP_WORDS[i]}}"; break ;; esac
  done
  local opts files values positional
  case "${{sub:-view}}" in
{chr(10).join(cases)}
  esac
  COMPREPLY=()
  # The value of an option: a path where a path is wanted, nothing to guess otherwise.
  case " $files " in *" $prev "*) _folio_paths; return ;; esac
  case " $values " in *" $prev "*) return ;; esac
  if [[ "$cur" == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$opts --help --version" -- "$cur")
    return
  fi
  # A path (files and folders), and while no command is named, the commands that match.
  [ "$positional" = 1 ] && _folio_paths
  [ -z "$sub" ] && mapfile -t -O "${{#COMPREPLY[@]}}" COMPREPLY < <(compgen -W "{names}" -- "$cur")
  return 0
}}
# Paths, one a line (a name with spaces or quotes stays one word): bash-completion's own
# _filedir where it is loaded (it unquotes what was typed), else compgen.
_folio_paths() {{
  if declare -F _filedir >/dev/null; then
    _filedir
  else
    compopt -o filenames 2>/dev/null
    mapfile -t -O "${{#COMPREPLY[@]}}" COMPREPLY < <(compgen -f -- "$cur")
  fi
}}
complete -F _folio folio
"""


def zsh_escape(text):
    return text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def zsh(root):
    commands = visible(root)
    blocks = []
    for command in commands:
        specs = []
        for a in options_of(command):
            help_text = zsh_escape(a.get("abstract", ""))
            if a["kind"] == "flag":
                specs.append(f"'{long_name(a)}[{help_text}]'")
            else:
                # The glob in double quotes: the spec itself is in single quotes.
                action = "_files" + "".join(f' -g "*.{e}"' for e in file_extensions(a)) if takes_files(a) else " "
                specs.append(f"'{long_name(a)}=[{help_text}]:{a['valueName']}:{action}'")
        for a in command.get("arguments", []):
            if a["kind"] == "positional":
                specs.append(f"'{'::' if a.get('isOptional') else ':'}{a['valueName']}:_files'")
        blocks.append(f"    {command['commandName']}) _arguments -s \\\n      " + " \\\n      ".join(specs) + " ;;")
    described = " ".join(f"'{c['commandName']}:{zsh_escape(c.get('abstract', ''))}'" for c in commands)
    return f"""#compdef folio
# zsh completion for folio (made by scripts/manual.py from folio itself)
_folio() {{
  local -a commands=({described})
  if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
    _alternative 'commands:command:(({" ".join(repr(c["commandName"]).strip("'") for c in commands)}))' 'files:path:_files'
    return
  fi
  local sub=view
  (( ${{commands[(I)$words[2]:*]}} )) && {{ sub=$words[2]; shift words; (( CURRENT-- )); }}
  case $sub in
{chr(10).join(blocks)}
  esac
}}
_folio "$@"
"""


def fish_escape(text):
    return text.replace("\\", "\\\\").replace("'", "\\'")


def fish(root):
    commands = visible(root)
    others = " ".join(c["commandName"] for c in commands if c["commandName"] != "view")
    names = " ".join(c["commandName"] for c in commands)
    lines = ["# fish completion for folio (made by scripts/manual.py from folio itself)",
             "complete -c folio -f"]
    for command in commands:
        lines.append(f"complete -c folio -n 'not __fish_seen_subcommand_from {names}' -a {command['commandName']} "
                     f"-d '{fish_escape(command.get('abstract', ''))}'")
    for command in commands:
        if command["commandName"] == "view":
            condition = f"not __fish_seen_subcommand_from {others}"
        else:
            condition = f"__fish_seen_subcommand_from {command['commandName']}"
        if any(a["kind"] == "positional" for a in command.get("arguments", [])):
            lines.append(f"complete -c folio -n '{condition}' -F")
        for a in options_of(command):
            kind = "" if a["kind"] == "flag" else (" -r -F" if takes_files(a) else " -x")
            lines.append(f"complete -c folio -n '{condition}' -l {a['preferredName']['name']}{kind} "
                         f"-d '{fish_escape(a.get('abstract', ''))}'")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folio")
    parser.add_argument("outdir")
    parser.add_argument("--date", default=None)
    args = parser.parse_args()
    root = dump(args.folio)
    version = subprocess.run([args.folio, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    date = args.date or subprocess.run(["date", "+%F"], capture_output=True, text=True).stdout.strip()
    os.makedirs(args.outdir, exist_ok=True)
    outputs = {"folio.1": man_page(root, date, version), "folio.bash": bash(root), "_folio": zsh(root), "folio.fish": fish(root)}
    for name, text in outputs.items():
        with open(os.path.join(args.outdir, name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    sys.exit(main())
