package main

import (
	"slices"
	"testing"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
)

func TestConsoleErrors(t *testing.T) {
	var c consoleErrors
	for _, ev := range []any{
		&runtime.EventConsoleAPICalled{Type: runtime.ConsoleAPICalledTypeLog, Args: []*runtime.RemoteObject{{Value: []byte(`"hello"`)}}},
		&runtime.EventConsoleAPICalled{Type: runtime.ConsoleAPICalledTypeWarning, Args: []*runtime.RemoteObject{{Value: []byte(`"careful"`)}}},
		&runtime.EventConsoleAPICalled{Type: runtime.ConsoleAPICalledTypeError, Args: []*runtime.RemoteObject{
			{Type: "string", Value: []byte(`"boom"`)}, {Type: "number", Value: []byte(`42`)}, {Type: "object", Description: "Object"}}},
		&runtime.EventConsoleAPICalled{Type: runtime.ConsoleAPICalledTypeAssert, Args: []*runtime.RemoteObject{{Value: []byte(`"Assertion failed"`)}}},
		&runtime.EventExceptionThrown{ExceptionDetails: &runtime.ExceptionDetails{Text: "Uncaught",
			Exception: &runtime.RemoteObject{Description: "Error: kaboom\n    at app.js:1:2"}}},
		&runtime.EventExceptionThrown{ExceptionDetails: &runtime.ExceptionDetails{Text: "Uncaught (in promise) no"}},
		&log.EventEntryAdded{Entry: &log.Entry{Level: log.EntryLevelWarning, Text: "deprecated"}},
		&log.EventEntryAdded{Entry: &log.Entry{Level: log.EntryLevelError, Text: "Failed to load resource", URL: "http://x/nope"}},
		&page.EventLoadEventFired{},
	} {
		c.record(ev)
	}
	want := []string{
		"console.error: boom 42 Object",
		"console.assert: Assertion failed",
		"exception: Uncaught Error: kaboom",
		"exception: Uncaught (in promise) no",
		"log: Failed to load resource http://x/nope",
	}
	if got := c.take(); !slices.Equal(got, want) {
		t.Errorf("recorded\n%q\nwant\n%q", got, want)
	}
	if got := c.take(); len(got) != 0 {
		t.Errorf("a second take returned %q, want nothing", got)
	}
}
