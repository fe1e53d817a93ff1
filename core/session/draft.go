package session

// The editor's text travels with the session, applied or not: a share link
// or a reload opens the editor as the person left it, not at the last text
// they applied. It is not part of the timeline (no command reads it), so
// setting it changes no tick; Script writes it as the archive's last file,
// and loading an archive takes it back out of the files.

// draftFile names the editor's text in a Script archive. The "editor-"
// prefix makes LinkFiles offer it as the editor's text when a link cannot
// be replayed, and keeps it out of what `-f` may read.
const draftFile = "editor-draft.yaml"

// maxDraftBytes bounds the editor text a session keeps: the editor's
// own limit is the manifest size limit, and a link must stay a link.
const maxDraftBytes = 1 << 20

// SetDraft keeps the editor's text. Text over the limit is not kept (the
// previous draft stays): the page keeps it in its own storage anyway.
func (s *Session) SetDraft(text string) bool {
	if len(text) > maxDraftBytes {
		return false
	}
	s.draft = text
	return true
}
