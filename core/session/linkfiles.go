package session

import (
	"errors"
	"strings"

	"golang.org/x/tools/txtar"
)

// LinkFiles returns the files of an encoded session (see Encode) without
// replaying its log, and the editor text among them: the editor's text as
// it was (the draft, written last), else the last text the editor applied
// (the highest editor-N.yaml), else the first manifest.
// When a link cannot be opened, because its state is damaged or its replay
// fails or breaks the core, the page opens an empty session and still
// gives the person what they wrote.
func LinkFiles(state string) (files []File, editor string, err error) {
	data, err := decodeState(state)
	if err != nil {
		return nil, "", err
	}
	a := txtar.Parse(data)
	if len(a.Files) == 0 && len(a.Comment) == 0 {
		return nil, "", errors.New("the link holds no session")
	}
	var lastEditor, firstManifest string
	for _, f := range a.Files {
		files = append(files, File{Name: f.Name, Text: string(f.Data)})
		switch {
		case strings.HasPrefix(f.Name, "editor-"):
			lastEditor = string(f.Data) // applied in order: the last is the latest
		case firstManifest == "" && (strings.HasSuffix(f.Name, ".yaml") || strings.HasSuffix(f.Name, ".yml")):
			firstManifest = string(f.Data)
		}
	}
	if lastEditor != "" {
		return files, lastEditor, nil
	}
	return files, firstManifest, nil
}
