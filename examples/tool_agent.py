"""A tool-calling agent loop: the model asks for a tool, the agent runs it, the model answers.

Runs fully offline: a FakeProvider on 127.0.0.1 stands in for a local Ollama that first calls
``get_weather`` and then, once the tool's result is in the conversation, answers in words.
The same loop works unchanged against OpenAI, Ollama or any provider litellm speaks.
Run it with ``python examples/tool_agent.py``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

if importlib.util.find_spec("hybrid_infer") is None:  # a source checkout without `pip install`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hybrid_infer import Deployment, HealthConfig, HybridClient
from hybrid_infer.testing import FakeProvider

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather in a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}


def get_weather(city: str) -> dict[str, Any]:
    """The agent's tool: a stand-in for a real weather API."""
    return {"city": city, "sky": "clear", "celsius": 21}


def model_reply(messages: list[dict[str, Any]]) -> str:
    """What the simulated model says once a tool result is in the conversation."""
    result = json.loads(messages[-1]["content"])
    return f"It is {result['sky']} and {result['celsius']} °C in {result['city']}."


def main() -> None:
    with FakeProvider("ollama", models=["qwen3-coder"], name="local") as ollama:
        ollama.reply = model_reply
        ollama.tool_calls = [{"name": "get_weather", "arguments": {"city": "Paris"}}]
        local = Deployment(name="local-qwen", model="ollama_chat/qwen3-coder", api_base=ollama.api_base)
        with HybridClient([local], health=HealthConfig(enabled=False)) as client:
            messages: list[dict[str, Any]] = [{"role": "user", "content": "What's the weather in Paris?"}]
            result = client.complete(messages=messages, tools=[WEATHER_TOOL])
            while result.tool_calls:
                messages.append(result.assistant_message())
                for call in result.tool_calls:
                    arguments = json.loads(call.function.arguments)
                    print(f"model calls {call.function.name}({arguments}) [{call.id}]")
                    output = get_weather(**arguments)
                    messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(output)})
                ollama.tool_calls = None  # the simulated model has what it needs now
                result = client.complete(messages=messages, tools=[WEATHER_TOOL])
            print(f"answer   : {result.text}")
            print(f"turns    : {len(messages) + 1} messages, finish_reason={result.finish_reason}")


if __name__ == "__main__":
    main()
